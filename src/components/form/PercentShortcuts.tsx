import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

const STEPS = [25, 50, 75, 100] as const;

export interface PercentShortcutsProps {
  /** the step last chosen, to mark it */
  active?: number | null;
  onPick: (pct: number) => void;
  disabled?: boolean;
}

/** 25 / 50 / 75 / 100 % of what the user can spend. */
export function PercentShortcuts({ active, onPick, disabled }: PercentShortcutsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.pcts} role="group" aria-label={t('trade.form.percentOfAvailable')}>
      {STEPS.map((p) => (
        <button
          key={p}
          type="button"
          className={`${styles.pct} ${active === p ? styles.pctActive : ''}`}
          disabled={disabled}
          aria-pressed={active === p}
          data-testid={`pct-${p}`}
          onClick={() => onPick(p)}
        >
          {p}%
        </button>
      ))}
    </div>
  );
}
