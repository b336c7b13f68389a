import { useEffect, useLayoutEffect, useRef } from 'react';
import { onTokensChange } from '../../styles/read-tokens';
import styles from './book.module.css';

export interface DepthBarsProps {
  /** one bar per row, top to bottom, each 0…1 of the row's width */
  fractions: readonly number[];
  /** px per row (the rows' fixed height) */
  rowHeight: number;
  side: 'bid' | 'ask';
  /** grow from the left edge instead of the right (the bid column of a side-by-side book) */
  fromLeft?: boolean;
}

/**
 * The depth bars behind a book side, drawn into one canvas per snapshot: a few rects, where one
 * styled element per row would mean a style write per row per snapshot. The colour is the
 * canvas's CSS `color` (the theme's --up / --down), read once and again when the theme's tokens
 * change: reading it per snapshot forced a style recalculation on every book update (terminal bench).
 */
export function DepthBars({ fractions, rowHeight, side, fromLeft = false }: DepthBarsProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const ink = useRef<string | null>(null);
  useEffect(() => onTokensChange(() => (ink.current = null)), []);
  useLayoutEffect(() => {
    const c = ref.current;
    if (!c) return;
    const w = c.clientWidth;
    const h = rowHeight * fractions.length;
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    ink.current ??= getComputedStyle(c).color;
    g.fillStyle = ink.current;
    g.globalAlpha = 0.14;
    for (let i = 0; i < fractions.length; i++) {
      const bw = Math.max(0, Math.min(1, fractions[i])) * w;
      g.fillRect(fromLeft ? 0 : w - bw, i * rowHeight + 1, bw, rowHeight - 2);
    }
  });
  return (
    <canvas ref={ref} className={`${styles.bars} ${side === 'bid' ? styles.barsBid : styles.barsAsk}`} aria-hidden />
  );
}
