import { useTranslation } from 'react-i18next';
import type { CopyTrade } from '../../../core';
import { Num } from '../Num';
import { Money } from '../Money';
import { Cell } from '../trade/Cell';
import { formatTime } from '../trade/time';
import styles from './copytrade.module.css';

export interface CopyCardProps {
  c: CopyTrade;
  /** unrealised P&L of an open copy (the server's figure at load) */
  livePnl?: string | null;
  busy?: boolean;
  onSelfHold?: (c: CopyTrade) => void;
}

/** One copy: what the trader opened, what the follower got (or why not), and its result. */
export function CopyCard({ c, livePnl, busy, onSelfHold }: CopyCardProps) {
  const { t } = useTranslation();
  const pnl = c.status === 'open' ? livePnl : c.profit;
  const sign = pnl && Number(pnl) > 0 ? styles.up : pnl && Number(pnl) < 0 ? styles.down : '';
  return (
    <article
      className={styles.card}
      data-testid="copy"
      data-status={c.status}
      data-id={c.id}
      data-trader-position={c.trader_position_id}
    >
      <div className={styles.head}>
        <span className={`${styles.tag} ${c.side === 'long' ? styles.tagUp : styles.tagDown}`}>
          {t(`copy.side.${c.side}`)}
        </span>
        <span className={styles.name}>
          {c.symbol} · {c.multiple}×
          <span className={styles.sub}>{t('copy.copiedFrom', { name: c.trader_nickname })}</span>
        </span>
        <span className={styles.tag}>{t(`copy.status.${c.status}`)}</span>
      </div>
      {c.status === 'skipped' ? (
        <p className={styles.hint} data-testid="copy-skip">
          {t(`copy.skip.${c.skip_reason ?? 'error'}`)} · {t('copy.traderLots')} {c.trader_lots} ·{' '}
          {formatTime(c.created_at)}
        </p>
      ) : (
        <div className={styles.stats}>
          <Cell label={t('copy.pnl')} testId="copy-pnl">
            {pnl ? (
              <span className={sign}>
                <Money value={pnl} asset="USDT" signed />
              </span>
            ) : (
              '--'
            )}
          </Cell>
          <Cell label={t('copy.lots')} testId="copy-lots">
            {c.lots ?? '--'} <span className={styles.muted}>/ {c.trader_lots}</span>
          </Cell>
          <Cell label={t('copy.margin')} right>
            {c.margin ? <Money value={c.margin} asset="USDT" /> : '--'}
          </Cell>
          <Cell label={t('copy.openPrice')}>
            {c.open_price ? <Num value={c.open_price} format="price" decimals={2} tint={false} /> : '--'}
          </Cell>
          <Cell label={c.close_price ? t('copy.closePrice') : t('copy.fee')}>
            {c.close_price ? (
              <Num value={c.close_price} format="price" decimals={2} tint={false} />
            ) : c.fee ? (
              <Num value={c.fee} tint={false} />
            ) : (
              '--'
            )}
          </Cell>
          <Cell label="" right>
            <span className={styles.muted}>{formatTime(c.closed_at ?? c.created_at)}</span>
          </Cell>
        </div>
      )}
      {c.status === 'open' && onSelfHold ? (
        <div className={styles.rowActions}>
          <button
            type="button"
            className={styles.smallBtn}
            disabled={busy}
            onClick={() => onSelfHold(c)}
            data-testid="self-hold"
          >
            {t('copy.selfHold')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
