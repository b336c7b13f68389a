import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CopyTrade, Follow } from '../../../core';
import { Money } from '../../components/Money';
import { PageFrame } from '../../components/PageFrame';
import { PagedList } from '../../components/trade/PagedList';
import { formatTime } from '../../components/trade/time';
import { CopyCard } from '../../components/copytrade/CopyCard';
import styles from '../../components/copytrade/copytrade.module.css';
import { useMyCopies, type MyCopiesTab } from './useMyCopies';

/** My copy trading: current copies (self-hold), the history (closed, self-held, skipped) and my traders. */
export default function MyCopiesPage() {
  const { t } = useTranslation();
  const { tab, setTab, version, busy, pnl, fetchCopies, fetchFollows, hold, cancel } = useMyCopies();
  return (
    <PageFrame title={t('route.copytrade.my')}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as MyCopiesTab)}>
        <Tabs.Tab key="current" title={t('copy.tabs.current')} />
        <Tabs.Tab key="history" title={t('copy.tabs.history')} />
        <Tabs.Tab key="traders" title={t('copy.tabs.traders')} />
      </Tabs>
      {tab === 'traders' ? (
        <PagedList<Follow>
          fetchPage={fetchFollows}
          version={version}
          keyOf={(f) => f.id}
          label={t('copy.tabs.traders')}
          data-testid="my-follows"
          empty={t('copy.noFollows')}
          renderItem={(f) => <FollowRow f={f} busy={busy} onCancel={() => void cancel(f)} />}
        />
      ) : (
        <PagedList<CopyTrade>
          fetchPage={fetchCopies}
          version={`${tab}|${version}`}
          keyOf={(c) => c.id}
          label={t(`copy.tabs.${tab}`)}
          data-testid="copies"
          empty={tab === 'current' ? t('copy.noCurrent') : t('copy.noHistory')}
          renderItem={(c) => (
            <CopyCard
              c={c}
              livePnl={c.transaction_id !== null ? pnl[c.transaction_id] : null}
              busy={busy}
              onSelfHold={tab === 'current' ? (x) => void hold(x) : undefined}
            />
          )}
        />
      )}
    </PageFrame>
  );
}

/** a trader I follow (or followed): the setting, what it made, the open copies; view or cancel */
function FollowRow({ f, busy, onCancel }: { f: Follow; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <article className={styles.card} data-testid="follow-row" data-status={f.status}>
      <div className={styles.head}>
        <span className={styles.avatar} aria-hidden>
          {[...f.trader_nickname][0]?.toUpperCase() ?? '?'}
        </span>
        <span className={styles.name}>
          {f.trader_nickname}
          <span className={styles.sub}>
            {f.type === 1 ? t('copy.fixedMultipleOf', { n: f.number }) : t('copy.fixedLotsOf', { n: f.number })} ·{' '}
            {formatTime(f.created_at)}
          </span>
        </span>
        <span className={`${styles.tag} ${f.status === 'following' ? styles.tagOn : ''}`}>
          {t(`copy.state.${f.status}`)}
        </span>
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.realised')}</span>
          <span className={styles.statValue}>
            <Money value={f.total_profit} asset="USDT" signed />
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.openCopies')}</span>
          <span className={styles.statValue}>{f.open_copies}</span>
        </div>
      </div>
      <div className={styles.rowActions}>
        <button
          type="button"
          className={styles.smallBtn}
          onClick={() => navigate(`/pages/follow/trader?id=${f.trader_user_id}`)}
        >
          {t('copy.view')}
        </button>
        {f.status === 'following' ? (
          <button
            type="button"
            className={styles.smallBtn}
            disabled={busy}
            onClick={onCancel}
            data-testid="cancel-follow"
          >
            {t('copy.cancelFollow')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
