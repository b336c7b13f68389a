import { useTranslation } from 'react-i18next';
import type { TraderCard } from '../../../core';
import { Num } from '../Num';
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
      {c.my_state === 'following' ? <span className={`${styles.tag} ${styles.tagOn}`}>{t('copy.state.following')}</span> : null}
    </div>
  );
}

/** The spec's trader figures: total profit, accuracy, follow amount, multiple and followers. */
export function TraderStats({ c, big }: { c: TraderCard; big?: boolean }) {
  const { t } = useTranslation();
  const sign = Number(c.total_profit) > 0 ? styles.up : Number(c.total_profit) < 0 ? styles.down : '';
  return (
    <div className={styles.stats}>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('copy.totalProfit')}</span>
        <span className={`${styles.statValue} ${sign} ${big ? styles.big : ''}`} data-testid="trader-profit">
          <Num value={c.total_profit} tint={false} />
        </span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('copy.accuracy')}</span>
        <span className={`${styles.statValue} ${big ? styles.big : ''}`}>{c.accuracy}%</span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('copy.followers')}</span>
        <span className={`${styles.statValue} ${big ? styles.big : ''}`}>{c.follower_count}</span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('copy.followAmount')}</span>
        <span className={styles.statValue}>
          <Num value={c.follow_amount} tint={false} />
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
  );
}
