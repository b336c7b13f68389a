import { useId } from 'react';
import styles from './form.module.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  maxLength?: number;
  'data-testid'?: string;
}

/**
 * A one-line text box with its label shown inside the box, as DecimalInput shows a money box's:
 * the label stays visible while the user types (a placeholder alone disappears, and is not a label).
 */
export function TextField({ label, value, onChange, placeholder, maxLength, 'data-testid': testId }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <div className={styles.box}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.textInput}
          type="text"
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
