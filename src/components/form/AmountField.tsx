import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../Num';
import { DecimalInput } from './DecimalInput';
import { PercentShortcuts } from './PercentShortcuts';
import { fractionOf } from './decimal-text';
import styles from './form.module.css';

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  decimals: number;
  unit?: ReactNode;
  placeholder?: string;
  /** the balance shown under the box, in `availableUnit`; null while unknown */
  available?: string | null;
  availableUnit?: string;
  /**
   * What 100 % means in this box's unit (e.g. the balance divided by the price for a buy).
   * Without it the shortcuts are hidden.
   */
  maxAmount?: string | null;
  error?: string | null;
  disabled?: boolean;
  onBlur?: () => void;
  'data-testid'?: string;
}

/** Amount box + available balance + 25/50/75/100 % shortcuts, the trading forms' one amount field. */
export function AmountField(props: AmountFieldProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number | null>(null);
  const { value, onChange, decimals, maxAmount, available, availableUnit } = props;
  const pick = (pct: number) => {
    const v = maxAmount ? fractionOf(maxAmount, pct, decimals) : '';
    setPicked(pct);
    onChange(v === '0' ? '' : v);
  };
  return (
    <div>
      <DecimalInput
        label={props.label}
        value={value}
        onChange={(v) => {
          setPicked(null);
          onChange(v);
        }}
        decimals={decimals}
        unit={props.unit}
        placeholder={props.placeholder}
        error={props.error}
        disabled={props.disabled}
        onBlur={props.onBlur}
        data-testid={props['data-testid']}
      />
      {maxAmount !== undefined ? (
        <PercentShortcuts active={picked} onPick={pick} disabled={props.disabled || !maxAmount} />
      ) : null}
      {available !== undefined ? (
        <div className={styles.available} data-testid="available">
          <span>{t('trade.form.available')}</span>
          <span>
            <Num value={available} format="amount" tint={false} /> {availableUnit}
          </span>
        </div>
      ) : null}
    </div>
  );
}
