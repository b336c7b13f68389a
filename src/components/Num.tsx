import { memo, useState } from 'react';
import { formatCompact, formatPercent, formatPrice } from '../../core';
import styles from './Num.module.css';

export type NumFormat = 'price' | 'compact' | 'percent';

export interface NumProps {
  value: string | number | null | undefined;
  /** price: the pair's precision; compact: spec §9 K/M/4-decimal rule; percent: signed, 2 decimals */
  format?: NumFormat;
  /** decimals for 'price' (the pair's price_decimals) */
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

function render(value: NumProps['value'], format: NumFormat, decimals: number): string {
  if (value === null || value === undefined || value === '' || !Number.isFinite(toNumber(value))) return '--';
  const s = String(value);
  if (format === 'price') return formatPrice(s, decimals);
  if (format === 'percent') return formatPercent(s);
  return formatCompact(s);
}

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
  format = 'compact',
  decimals = 4,
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
  const [prev, setPrev] = useState(value);
  const [dir, setDir] = useState<0 | 1 | -1>(0);
  if (value !== prev) {
    const a = toNumber(prev);
    const b = toNumber(value);
    setPrev(value);
    if (tint && Number.isFinite(a) && Number.isFinite(b) && a !== b) setDir(b > a ? 1 : -1);
  }
  const n = toNumber(value);
  // A signed figure is coloured by its sign; the change tint is for the others.
  const colourCls = signed ? (n > 0 ? styles.up : n < 0 ? styles.down : styles.flat) : tint && dir !== 0 ? (dir > 0 ? styles.tintUp : styles.tintDown) : '';
  const cls = [styles.num, align === 'right' ? styles.right : '', colourCls, stale ? styles.stale : '', className ?? ''].join(' ');
  return (
    <span className={cls} data-testid={testId} data-stale={stale || undefined}>
      {prefix}
      {render(value, format, decimals)}
      {suffix}
    </span>
  );
});
