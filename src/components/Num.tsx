import { memo, useState } from 'react';
import { figureText, moveDirection, type FigureFormat } from '../../core';
import styles from './Num.module.css';
import { useNumberMarks } from './number-marks';

type NumFormat = FigureFormat;

export interface NumProps {
  value: string | number | null | undefined;
  /**
   * amount (default): money and quantities in full, up to `decimals`, no trailing zeros; price: the
   * pair's precision, fixed; compact: spec §9's K/M/4-decimal rule, for volumes and turnover only;
   * percent: signed, 2 decimals. All in the language's digit grouping.
   */
  format?: NumFormat;
  /** decimals: fixed for 'price' (the pair's price_decimals), the most shown for 'amount' (the coin's precision) */
  decimals?: number;
  align?: 'left' | 'right';
  /** colour by the direction of the last change, up or down (on by default) */
  tint?: boolean;
  /** colour the text by sign (for changes) */
  signed?: boolean;
  /** the stream behind this value went quiet */
  stale?: boolean;
  prefix?: string;
  suffix?: string;
  className?: string;
  'data-testid'?: string;
}

function toNumber(v: NumProps['value']): number {
  if (v === null || v === undefined || v === '') return NaN;
  return typeof v === 'number' ? v : Number(v);
}

/** The text of a number as every figure shows it (core's figureText: '--' when there is none). */
export const numText = figureText;

/**
 * The class list of a number: tabular, aligned, coloured by its sign (`sign` given) or else by
 * the direction of its last change, struck through when stale. Shared with the list rows that
 * write their figures without React (src/pages/market/RowFigures.tsx).
 */
export function numClass(o: {
  align?: 'left' | 'right';
  dir?: 0 | 1 | -1;
  sign?: number | null;
  stale?: boolean;
  className?: string;
}): string {
  const sign = o.sign;
  const colour =
    sign !== null && sign !== undefined
      ? sign > 0
        ? styles.up
        : sign < 0
          ? styles.down
          : styles.flat
      : o.dir
        ? o.dir > 0
          ? styles.tintUp
          : styles.tintDown
        : '';
  return [
    styles.num,
    o.align === 'right' ? styles.right : '',
    colour,
    o.stale ? styles.stale : '',
    o.className ?? '',
  ].join(' ');
}

/** Direction of a change from `prev` to `next` (core's moveDirection). */
export const changeDir = moveDirection;

/**
 * The one number component. Text is tabular so digits never jitter; formatting goes through
 * core's rules only. The tint is the direction of the last change (up/down colour), set by one
 * class flip and held until the direction changes: no animation, no timer, no re-keyed node. At
 * tens of ticks a second a flash animation restarted on every row every snapshot and kept the
 * page repainting at 60 fps (style recalc + paint on a throttled phone's main thread); a held
 * colour costs nothing between two values, and the text node is updated in place.
 */
export const Num = memo(function Num({
  value,
  format = 'amount',
  decimals = format === 'amount' ? 8 : 4,
  align,
  tint = true,
  signed = false,
  stale = false,
  prefix,
  suffix,
  className,
  'data-testid': testId,
}: NumProps) {
  // "Storing information from previous renders": React's sanctioned render-time state update.
  const marks = useNumberMarks();
  const [prev, setPrev] = useState(value);
  const [dir, setDir] = useState<0 | 1 | -1>(0);
  if (value !== prev) {
    const d = changeDir(prev, value);
    setPrev(value);
    if (tint && d !== 0) setDir(d);
  }
  const n = toNumber(value);
  const cls = numClass({ align, dir: tint ? dir : 0, sign: signed ? Math.sign(n) : null, stale, className });
  return (
    <span className={cls} data-testid={testId} data-stale={stale || undefined}>
      {prefix}
      {numText(value, format, decimals, marks)}
      {suffix}
    </span>
  );
});
