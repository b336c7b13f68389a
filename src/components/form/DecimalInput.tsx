import { useId, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { judgeText, toLocaleText } from './decimal-text';
import styles from './form.module.css';

export interface DecimalInputProps {
  label: string;
  /** canonical decimal string ('' when empty) */
  value: string;
  onChange: (value: string) => void;
  /** most decimals accepted (the pair's precision); a key past it is refused */
  decimals: number;
  placeholder?: string;
  /** unit shown at the right end, e.g. "USDT" */
  unit?: ReactNode;
  disabled?: boolean;
  /** an inline message under the field (validation) */
  error?: string | null;
  onBlur?: () => void;
  'data-testid'?: string;
}

/**
 * A money box: accepts the user's decimal separator (a comma in fra and spa), refuses a key that
 * would make it anything but a plain number or give it more decimals than allowed, and never
 * shows NaN. The parent holds the canonical value; the box keeps what the user typed.
 */
export function DecimalInput({
  label,
  value,
  onChange,
  decimals,
  placeholder,
  unit,
  disabled,
  error,
  onBlur,
  'data-testid': testId,
}: DecimalInputProps) {
  const { lang } = useSnapshot(session);
  const id = useId();
  const [text, setText] = useState(() => toLocaleText(value, lang));
  const [shown, setShown] = useState(value);
  // The value changed from outside (a percentage shortcut, a reset): show it.
  if (value !== shown) {
    setShown(value);
    if (judgeText(text, lang, Math.max(decimals, 18)).value !== value) setText(toLocaleText(value, lang));
  }
  return (
    <div className={styles.field}>
      <div className={`${styles.box} ${error ? styles.boxError : ''} ${disabled ? styles.boxDisabled : ''}`}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          data-testid={testId}
          onChange={(e) => {
            const v = judgeText(e.target.value, lang, decimals);
            if (!v.ok) return; // refused: the box keeps its previous text
            setText(e.target.value);
            setShown(v.value);
            if (v.value !== value) onChange(v.value);
          }}
          onBlur={() => {
            // "12," → "12": tidy the in-between state once the user leaves.
            if (text !== '' && toLocaleText(value, lang) !== text) setText(toLocaleText(value, lang));
            onBlur?.();
          }}
        />
        {unit ? <span className={styles.unit}>{unit}</span> : null}
      </div>
      {error ? (
        <div id={`${id}-err`} className={styles.error} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
