import { useTranslation } from 'react-i18next';
import type { TraderCard } from '../../../core';
import { Money, useFixedText } from '../Money';
import { PnlSpark } from './PnlCurve';
import styles from './copytrade.module.css';

/** Name, DEMO tag and follow state of a trader. */
export function TraderHead({ c, sub }: { c: TraderCard; sub?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.head}>
      <span className={styles.avatar} aria-hidden>
        {[...c.nickname][0]?.toUpperCase() ?? '?'}
      </span>
      {/* the trader writes the name and bio: a one-line preview may end in an ellipsis */}
      <span className={styles.name} data-may-truncate="">
        {c.nickname}
        {sub ? <span className={styles.sub}>{sub}</span> : null}
      </span>
      {c.demo ? <span className={`${styles.tag} ${styles.tagDemo}`}>{t('copy.demo')}</span> : null}
      {c.my_state === 'following' ? (
        <span className={`${styles.tag} ${styles.tagOn}`}>{t('copy.state.following')}</span>
      ) : null}
    </div>
  );
}

/** ROI (with the P&L curve on a card) and the spec's trader figures: total profit, accuracy, follow amount, multiple and followers. */
export function TraderStats({ c, big }: { c: TraderCard; big?: boolean }) {
  const { t } = useTranslation();
  const fixed = useFixedText();
  const sign = Number(c.total_profit) > 0 ? styles.up : Number(c.total_profit) < 0 ? styles.down : '';
  const roi = Number(c.roi);
  return (
    <>
      <div className={styles.roiRow}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.roi')}</span>
          <span
            className={`${styles.roiValue} ${roi > 0 ? styles.up : roi < 0 ? styles.down : ''}`}
            data-testid="trader-roi"
          >
            {roi > 0 ? '+' : ''}
            {fixed(c.roi, 2)}%
          </span>
        </div>
        {big ? null : <PnlSpark curve={c.pnl_curve} />}
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.totalProfit')}</span>
          <span className={`${styles.statValue} ${sign} ${big ? styles.big : ''}`} data-testid="trader-profit">
            <Money value={c.total_profit} asset="USDT" />
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.accuracy')}</span>
          <span className={`${styles.statValue} ${big ? styles.big : ''}`}>{fixed(c.accuracy, 2)}%</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.followers')}</span>
          <span className={`${styles.statValue} ${big ? styles.big : ''}`}>{c.follower_count}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.followAmount')}</span>
          <span className={styles.statValue}>
            <Money value={c.follow_amount} asset="USDT" />
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.multiple')}</span>
          <span className={styles.statValue}>{c.multiple ? `${c.multiple}×` : '--'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('copy.closedTrades')}</span>
          <span className={styles.statValue}>{c.closed_count}</span>
        </div>
      </div>
    </>
  );
}
