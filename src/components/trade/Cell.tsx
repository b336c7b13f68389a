import type { ReactNode } from 'react';
import styles from './Cell.module.css';

/** One label/value pair of an order or position card. */
export function Cell({
  label,
  children,
  right,
  testId,
}: {
  label: string;
  children: ReactNode;
  right?: boolean;
  testId?: string;
}) {
  return (
    <div className={`${styles.cell} ${right ? styles.cellRight : ''}`}>
      <span className={styles.cellLabel}>{label}</span>
      <span className={styles.cellValue} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
