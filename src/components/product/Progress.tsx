import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Num } from '../Num';
import { pct } from './money';
import styles from './parts.module.css';

/** Sold / applied progress: a bar capped at 100 % and the figure uncapped (IEO can be oversubscribed). */
export function Progress({ fraction, label }: { fraction: string; label?: string }) {
  const { t } = useTranslation();
  const p = pct(fraction);
  const bar = Math.max(0, Math.min(100, Number(p)));
  return (
    <div className={styles.progress}>
      <ProgressBar percent={bar} className={styles.bar} aria-hidden />
      <span className={styles.progressText}>
        {label ?? t('prod.progress')} <Num value={p} format="price" decimals={2} tint={false} suffix="%" />
      </span>
    </div>
  );
}
