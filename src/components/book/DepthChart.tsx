import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import type { DepthGeometry } from '../../market/types';
import { numText } from '../Num';
import { useNumberMarks } from '../number-marks';
import styles from './book.module.css';

/** Levels a side the depth chart shows (ungrouped). */
const LEVELS = 100;

/**
 * The depth chart: cumulative bids (left) and asks (right) around the mid price. The worker sends
 * the geometry (range and normalised step outlines, workers/books/depth-geometry.ts) at most once
 * per window instead of 200 rows; the page only scales it to the canvas and strokes it (a few
 * hundred path points, well under a millisecond). Colours are the canvases' CSS colours (--up / --down).
 */
export function DepthChart({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const { t } = useTranslation();
  const marks = useNumberMarks();
  const book = useBook(symbol, undefined, LEVELS, 0, true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const bidInk = useRef<HTMLSpanElement>(null);
  const askInk = useRef<HTMLSpanElement>(null);
  const g = book?.depth ?? null;

  useLayoutEffect(() => {
    const c = canvas.current;
    if (!c || !g || !bidInk.current || !askInk.current) return;
    draw(c, g, getComputedStyle(bidInk.current).color, getComputedStyle(askInk.current).color);
  });

  return (
    <section className={styles.depth} aria-label={t('book.depth')} data-testid="depth-chart" data-drawn={!!g}>
      <span ref={bidInk} className={styles.depthBid} hidden />
      <span ref={askInk} className={styles.depthAsk} hidden />
      <canvas ref={canvas} className={styles.depthCanvas} role="img" aria-label={t('book.depth')} />
      <div className={styles.depthAxis}>
        <span>{g ? numText(g.lo, 'price', priceDecimals, marks) : '--'}</span>
        <span>{g ? numText(g.mid, 'price', priceDecimals, marks) : '--'}</span>
        <span>{g ? numText(g.hi, 'price', priceDecimals, marks) : '--'}</span>
      </div>
    </section>
  );
}

function draw(c: HTMLCanvasElement, g: DepthGeometry, bid: string, ask: string): void {
  const w = c.clientWidth;
  const h = c.clientHeight;
  const dpr = window.devicePixelRatio || 1;
  if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
    c.width = Math.round(w * dpr);
    c.height = Math.round(h * dpr);
  }
  const ctx = c.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  // 8 px of headroom over the larger side's total
  const y = (v: number) => h - v * (h - 8);
  const side = (pts: Float64Array, color: string, edge: number) => {
    ctx.beginPath();
    ctx.moveTo(pts[0] * w, h);
    let prev = 0;
    for (let i = 0; i < pts.length; i += 2) {
      const x = pts[i] * w;
      ctx.lineTo(x, y(prev));
      ctx.lineTo(x, y(pts[i + 1]));
      prev = pts[i + 1];
    }
    ctx.lineTo(edge, y(prev));
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.lineTo(edge, h);
    ctx.closePath();
    ctx.globalAlpha = 0.15;
    ctx.fillStyle = color;
    ctx.fill();
    ctx.globalAlpha = 1;
  };
  side(g.bids, bid, 0);
  side(g.asks, ask, w);
}
