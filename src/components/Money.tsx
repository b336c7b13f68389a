import { assetFormat, figureText } from '../../core';
import { Num } from './Num';
import { useNumberMarks } from './number-marks';

/**
 * A money result in one asset (P&L, profit, a total) with that asset's display precision (core's
 * assetFormat: cents for USDT and fiat, in full up to 8 for coins), never an exact value's long
 * tail. `signed` colours it by sign and writes "+" on a gain, as the exchanges do; `unit` appends
 * the asset. No tint: not a live stream.
 */
export function Money({
  value,
  asset,
  signed,
  unit,
  className,
  testId,
}: {
  value: string | null | undefined;
  asset: string;
  signed?: boolean;
  unit?: boolean;
  className?: string;
  testId?: string;
}) {
  const f = assetFormat(asset);
  const gain = signed && value != null && Number(value) > 0;
  return (
    <Num
      value={value}
      format={f.format}
      decimals={f.decimals}
      tint={false}
      signed={signed}
      prefix={gain ? '+' : undefined}
      suffix={unit ? ` ${asset}` : undefined}
      className={className}
      data-testid={testId}
    />
  );
}

/** The same text inside a sentence (a translation's placeholder): (value, asset) → "1,573.12". */
export function useMoneyText(): (value: string | null | undefined, asset: string) => string {
  const marks = useNumberMarks();
  return (value, asset) => {
    const f = assetFormat(asset);
    return figureText(value, f.format, f.decimals, marks);
  };
}

/**
 * A quantity of a coin inside a sentence, in full up to `decimals` (the coin's precision) without
 * trailing zeros — the same 'amount' rule <Num/> prints by default: (value) → "99.00990099".
 */
export function useQuantityText(): (value: string | null | undefined, decimals?: number) => string {
  const marks = useNumberMarks();
  return (value, decimals = 8) => figureText(value, 'amount', decimals, marks);
}

/**
 * A figure already worked out to a fixed number of places (a percent, a multiplier) inside a
 * sentence or a cell, in the language's marks: ('65.00', 2) → "65,00" in French.
 */
export function useFixedText(): (value: string | null | undefined, decimals: number) => string {
  const marks = useNumberMarks();
  return (value, decimals) => figureText(value, 'price', decimals, marks);
}
