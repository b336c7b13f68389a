import type { ReactNode } from 'react';
import styles from './parts.module.css';

export type Row = [label: string, value: ReactNode, emphasis?: boolean];

/** Label/value rows, used by confirmation sheets and record details. */
export function DetailRows({ rows }: { rows: Row[] }) {
  return (
    <dl className={styles.rows}>
      {rows.map(([label, value, em]) => (
        <div key={label} className={em ? `${styles.rowItem} ${styles.em}` : styles.rowItem}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
