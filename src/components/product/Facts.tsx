import type { ReactNode } from 'react';
import styles from './card.module.css';

export type Fact = [label: string, value: ReactNode, testId?: string];

/** A card's label/value pairs in two columns. */
export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className={styles.grid}>
      {items.map(([label, value, testId]) => (
        <div key={label} data-testid={testId}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
