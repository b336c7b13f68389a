import { useTranslation } from 'react-i18next';
import styles from '../components/trade-form.module.css';

/** The multiples the pair allows, one chosen. */
export function MultipleChips({
  multiples,
  value,
  onChange,
}: {
  multiples: readonly number[];
  value: number | null;
  onChange: (m: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.fieldLabel} id="multiple-label">
        {t('trade.lever.multiple')}
      </div>
      <div className={styles.chips} role="radiogroup" aria-labelledby="multiple-label">
        {multiples.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === value}
            className={`${styles.chip} ${m === value ? styles.chipOn : ''}`}
            data-testid={`multiple-${m}`}
            onClick={() => onChange(m)}
          >
            {m}×
          </button>
        ))}
      </div>
    </>
  );
}
