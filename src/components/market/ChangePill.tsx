import { Num } from '../Num';
import styles from './ChangePill.module.css';

/** The pill's classes for a change: up/down/flat colours come from the price-mode tokens. */
export function pillClass(pct: string): string {
  const n = Number(pct);
  return `${styles.pill} ${!Number.isFinite(n) || n === 0 ? styles.flat : n > 0 ? styles.up : styles.down}`;
}

/** 24 h change as a coloured pill. */
export function ChangePill({ pct, stale }: { pct: string; stale?: boolean }) {
  return (
    <span className={pillClass(pct)} data-testid="change">
      <Num value={pct} format="percent" tint={false} stale={stale} />
    </span>
  );
}
