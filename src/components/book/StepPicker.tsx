import { useTranslation } from 'react-i18next';
import styles from './book.module.css';

/** The grouping step of a book: a native select (compact, and the phone's own picker). */
export function StepPicker({ steps, step, onStep }: { steps: string[]; step: string; onStep: (s: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.step}>
      <span className={styles.stepLabel}>{t('book.step')}</span>
      <select value={step} onChange={(e) => onStep(e.target.value)} data-testid="book-step">
        {steps.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}
