import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import { numText } from '../Num';
import { depthGeometry, type DepthGeometry } from './depth-geometry';
import styles from './book.module.css';

/** Levels a side the depth chart shows (ungrouped). */
const LEVELS = 100;

/**
 * The depth chart: cumulative bids (left) and asks (right) around the mid price, drawn into one
 * canvas per book snapshot (at most one per worker window; a few hundred path points, well under
 * a millisecond). Colours are the canvases' CSS colours (--up / --down).
 */
export function DepthChart({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const { t } = useTranslation();
  const book = useBook(symbol, undefined, LEVELS, 0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const bidInk = useRef<HTMLSpanElement>(null);
  const askInk = useRef<HTMLSpanElement>(null);
  const g = book ? depthGeometry(book.bids, book.asks) : null;

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
        <span>{g ? numText(g.lo, 'price', priceDecimals) : '--'}</span>
        <span>{g ? numText(g.mid, 'price', priceDecimals) : '--'}</span>
        <span>{g ? numText(g.hi, 'price', priceDecimals) : '--'}</span>
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
  const x = (p: number) => ((p - g.lo) / (g.hi - g.lo)) * w;
  const y = (v: number) => h - (g.maxTotal > 0 ? (v / g.maxTotal) * (h - 8) : 0);
  const side = (pts: [number, number][], color: string) => {
    ctx.beginPath();
    ctx.moveTo(x(pts[0][0]), h);
    let prev = 0;
    for (const [p, tot] of pts) {
      ctx.lineTo(x(p), y(prev));
      ctx.lineTo(x(p), y(tot));
      prev = tot;
    }
    const edge = pts[pts.length - 1][0] < g.mid ? 0 : w;
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
  side(g.bids, bid);
  side(g.asks, ask);
}
