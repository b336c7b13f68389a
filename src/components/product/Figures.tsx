import { Num } from '../Num';
import { ratePercent } from '../../../core';
import { useFixedText, useQuantityText } from '../Money';
import { pct } from './money';

/** Coin amounts show at most 8 decimals, truncated (never shown larger than they are). */
const COIN_DP = 8;

/** The decimals an amount really has, between 2 and 8: 1000 → "1000.00", 0.505 → "0.505". */
function shownDecimals(value: string | null | undefined): number {
  const frac = value && /^-?\d+\.(\d+)$/.exec(value)?.[1];
  return Math.min(COIN_DP, Math.max(2, frac ? frac.replace(/0+$/, '').length : 0));
}

/**
 * A coin amount through the one number component (no tint: not a live stream). By default it shows
 * the digits the amount has (2 to 8 decimals), so a confirmation's arithmetic reads exactly.
 */
export function Amount({
  value,
  unit,
  dp,
  testId,
}: {
  value: string | null | undefined;
  unit?: string;
  dp?: number;
  testId?: string;
}) {
  return (
    <Num
      value={value}
      format="price"
      decimals={dp ?? shownDecimals(value)}
      tint={false}
      suffix={unit ? ` ${unit}` : undefined}
      data-testid={testId}
    />
  );
}

/** The same figure as <Amount/> inside a sentence, in the language's marks: ('3000.00341666') → "3 000,00341666" in French. */
export function useAmountText(): (value: string | null | undefined) => string {
  const fixed = useFixedText();
  return (value) => fixed(value, shownDecimals(value));
}

/** A rate fraction as percent text, in full, in the language's marks: ('0.025') → "2,5" in French (the caller writes the "%"). */
export function useRateText(): (rate: string) => string {
  const qty = useQuantityText();
  return (rate) => qty(ratePercent(rate));
}

/** A quantity in full (issuance, caps): grouped, no K/M (K/M is for volumes only), no trailing zeros. */
export function Quantity({
  value,
  unit,
  testId,
}: {
  value: string | null | undefined;
  unit?: string;
  testId?: string;
}) {
  return (
    <Num
      value={value}
      format="amount"
      decimals={COIN_DP}
      tint={false}
      suffix={unit ? ` ${unit}` : undefined}
      data-testid={testId}
    />
  );
}

/** A rate fraction as a percent with 2 decimals ("0.365" → 36.50%), unsigned. */
export function Rate({
  rate,
  className,
  testId,
}: {
  rate: string | null | undefined;
  className?: string;
  testId?: string;
}) {
  return (
    <Num
      value={rate ? pct(rate) : null}
      format="price"
      decimals={2}
      tint={false}
      suffix="%"
      className={className}
      data-testid={testId}
    />
  );
}

/** A yield range "0.30% – 0.40%" (one rate when both ends agree). */
export function RateRange({
  min,
  max,
  className,
  testId,
}: {
  min: string;
  max: string;
  className?: string;
  testId?: string;
}) {
  if (min === max) return <Rate rate={min} className={className} testId={testId} />;
  return (
    <span className={className} data-testid={testId}>
      <Rate rate={min} /> – <Rate rate={max} />
    </span>
  );
}
