import { Num } from '../Num';
import styles from './ChangePill.module.css';

/** 24 h change as a coloured pill: up/down/flat colours come from the price-mode tokens. */
export function ChangePill({ pct, stale }: { pct: string; stale?: boolean }) {
  const n = Number(pct);
  const cls = !Number.isFinite(n) || n === 0 ? styles.flat : n > 0 ? styles.up : styles.down;
  return (
    <span className={`${styles.pill} ${cls}`} data-testid="change">
      <Num value={pct} format="percent" tint={false} stale={stale} />
    </span>
  );
}
