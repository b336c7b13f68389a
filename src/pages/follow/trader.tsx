import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TraderDetail, TraderPosition } from '../../../core';
import { Num } from '../../components/Num';
import { Money } from '../../components/Money';
import { PageFrame } from '../../components/PageFrame';
import { formatTime } from '../../components/trade/time';
import { TraderHead, TraderStats } from '../../components/copytrade/TraderStats';
import { PnlChart } from '../../components/copytrade/PnlCurve';
import styles from '../../components/copytrade/copytrade.module.css';
import { useTraderPage } from './useTraderPage';

function PositionRow({ p }: { p: TraderPosition }) {
  const { t } = useTranslation();
  const sign = p.profit && Number(p.profit) > 0 ? styles.up : p.profit && Number(p.profit) < 0 ? styles.down : '';
  return (
    <li className={styles.card} data-testid="trader-position">
      <div className={styles.head}>
        <span className={`${styles.tag} ${p.side === 'long' ? styles.tagUp : styles.tagDown}`}>
          {t(`copy.side.${p.side}`)}
        </span>
        <span className={`${styles.name} ${styles.nameWrap}`}>
          {p.symbol} · {p.multiple}× · {p.lots} {t('copy.lotsUnit')}
          <span className={styles.sub}>{formatTime(p.closed_at ?? p.opened_at)}</span>
        </span>
        {p.profit !== null ? (
          <span className={`${styles.statValue} ${sign}`}>
            <Money value={p.profit} asset="USDT" signed />
          </span>
        ) : (
          <span className={styles.muted}>
            <Num value={p.open_price} format="price" decimals={2} tint={false} />
          </span>
        )}
      </div>
    </li>
  );
}

/** A trader: the figures, what they hold now, the latest closes; follow, change or cancel. */
export default function TraderPage() {
  const { t } = useTranslation();
  const { d, failed, busy, goFollow, cancel } = useTraderPage();
  let body;
  if (failed) body = <ErrorBlock status="empty" title={t('copy.traderMissing')} description="" />;
  else if (!d)
    body = (
      <div className={styles.panel} aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  else
    body = (
      <>
        <TraderOverview d={d} />
        <PositionList title={t('copy.openNow')} items={d.open_positions} empty={t('copy.noOpen')} />
        <PositionList title={t('copy.recentClosed')} items={d.recent_closed} empty={t('copy.noClosed')} />
        <div className={styles.actions}>
          {d.my_state === 'following' ? (
            <>
              <Button fill="outline" disabled={busy} onClick={() => void cancel()} data-testid="cancel-follow">
                {t('copy.cancelFollow')}
              </Button>
              <Button color="primary" disabled={busy} onClick={goFollow}>
                {t('copy.editFollow')}
              </Button>
            </>
          ) : (
            <Button color="primary" onClick={goFollow} data-testid="follow-btn">
              {d.my_state === 'cancelled' ? t('copy.followAgain') : t('copy.follow')}
            </Button>
          )}
        </div>
      </>
    );
  return <PageFrame title={d?.nickname ?? t('route.follow.trader')}>{body}</PageFrame>;
}

/** who the trader is, their figures and curve, and the reader's follow setting if any */
function TraderOverview({ d }: { d: TraderDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.panel}>
        <TraderHead c={d} />
        {d.introduction ? <p className={styles.intro}>{d.introduction}</p> : null}
      </div>
      <div className={styles.panel}>
        <TraderStats c={d} big />
        <PnlChart curve={d.pnl_curve} />
        <p className={`${styles.hint} ${styles.statsNote}`}>
          {t('copy.statsNote', { time: d.stats_at ? formatTime(d.stats_at) : '--' })}
        </p>
      </div>
      {d.my_follow && d.my_state === 'following' ? (
        <p className={styles.section} data-testid="my-follow">
          {t('copy.myFollowIs', {
            setting:
              d.my_follow.type === 1
                ? t('copy.fixedMultipleOf', { n: d.my_follow.number })
                : t('copy.fixedLotsOf', { n: d.my_follow.number }),
          })}
        </p>
      ) : null}
    </>
  );
}

function PositionList({ title, items, empty }: { title: string; items: TraderPosition[]; empty: string }) {
  return (
    <>
      <h2 className={styles.section}>{title}</h2>
      {items.length ? (
        <ul className={styles.list}>
          {items.map((p) => (
            <PositionRow key={p.id} p={p} />
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{empty}</p>
      )}
    </>
  );
}
