/**
 * One order book painted by the worker: its sides' rows (price, amount and the cumulative depth
 * bar behind them), the last price between the sides, and the recent trades, drawn into canvases
 * the page transferred here. A book moving ten times a second then costs the main thread nothing:
 * no snapshot to clone, no React render of thirty rows, no layout or paint there (the terminal
 * bench's busy ratio). The page keeps the same rows as DOM text under the canvases, updated about
 * once a second, for screen readers, keyboard users and taps.
 *
 * Rules (the same as BookLine, DepthBars, RecentTrades and the last-price button on the main
 * thread): prices by core's figureText 'price' at the step's decimals, tinted by side; amounts
 * 'compact' in the secondary text colour; every figure in the language's number marks (the theme
 * carries them, as it does for the painted market rows: "65 000,12" in French); bars are each row's running total over the larger side's
 * total, at 14 % of the side's colour; the last price is tinted by its direction with its arrow and
 * struck through (dotted) while the book is out of sync. A canvas is redrawn only when what it
 * shows changed.
 */
import { figureText } from '../../core';
import type { BookPart, BookRow, BookSnapshot, PaintedBook, PaintTheme } from '../api-types';

/** The part of a 2D context this painter uses (an OffscreenCanvasRenderingContext2D has it; tests pass a recorder). */
export interface BookPaintContext {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  globalAlpha: number;
  lineWidth: number;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
}

export interface BookSurface {
  width: number;
  height: number;
  getContext(kind: '2d'): BookPaintContext | null;
}

/** Bar opacity, as DepthBars drew them. */
const BAR_ALPHA = 0.14;

/** One canvas and what it shows now: `key` says whether a redraw is due, `prices` what a tap on each row means. */
interface Surface {
  /** its place in PaintedBook.parts */
  index: number;
  part: BookPart;
  surface: BookSurface;
  ctx: BookPaintContext;
  key: string;
  prices: (string | null)[];
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/** hh:mm:ss in the page's time zone (a worker shares it), as RecentTrades writes it. */
export const tradeClock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

export class BookPainter {
  private surfaces: Surface[] = [];
  private last: BookSnapshot | null = null;

  /** Throws nothing: a canvas without a 2D context is skipped (its part shows nothing). */
  constructor(
    private book: PaintedBook,
    canvases: readonly BookSurface[],
  ) {
    for (let i = 0; i < canvases.length && i < book.parts.length; i++) {
      const ctx = canvases[i].getContext('2d');
      if (ctx) this.surfaces.push({ index: i, part: book.parts[i], surface: canvases[i], ctx, key: '', prices: [] });
    }
    this.resize();
  }

  get view() {
    return this.book.view;
  }

  /** A new step, row count or geometry: sizes follow and every part is drawn again. */
  set(book: PaintedBook): void {
    this.book = book;
    for (const s of this.surfaces) s.part = book.parts[s.index] ?? s.part;
    // rows of another step or symbol are never shown under the new view
    if (this.last && (this.last.symbol !== book.view.symbol || this.last.step !== (book.view.step ?? null)))
      this.last = null;
    this.resize();
  }

  /** Draws what changed; returns whether a side's rows were drawn (a depth change reached the screen). */
  paint(snap: BookSnapshot | null, theme: PaintTheme): boolean {
    if (snap) this.last = snap;
    const b = this.last;
    let sides = false;
    for (const s of this.surfaces) {
      const drawn =
        s.part.kind === 'last'
          ? this.drawLast(s, b, theme)
          : s.part.kind === 'trades'
            ? this.drawTrades(s, b, theme)
            : this.drawSide(s, b, theme);
      if (drawn && (s.part.kind === 'bids' || s.part.kind === 'asks')) sides = true;
    }
    return sides;
  }

  /** Everything again at the next paint (a theme change). */
  invalidate(): void {
    for (const s of this.surfaces) s.key = '';
  }

  /** The price shown in `row` (top-down) of part `part` now, or null for an empty row. */
  priceAt(part: number, row: number): string | null {
    return this.surfaces.find((x) => x.index === part)?.prices[row] ?? null;
  }

  private resize(): void {
    for (const s of this.surfaces) {
      const w = Math.max(1, Math.round(s.part.width * s.part.dpr));
      const h = Math.max(1, Math.round(s.part.height * s.part.dpr));
      // Setting a size clears the canvas even when unchanged: only when it changed.
      if (s.surface.width !== w) s.surface.width = w;
      if (s.surface.height !== h) s.surface.height = h;
      s.key = '';
    }
  }

  private begin(s: Surface): BookPaintContext {
    const { ctx, part } = s;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, s.surface.width, s.surface.height);
    ctx.setTransform(part.dpr, 0, 0, part.dpr, 0, 0);
    ctx.textBaseline = 'middle';
    ctx.globalAlpha = 1;
    return ctx;
  }

  private drawSide(s: Surface, b: BookSnapshot | null, theme: PaintTheme): boolean {
    const { part } = s;
    const bid = part.kind === 'bids';
    const rows = b ? (bid ? b.bids : b.asks) : [];
    const n = Math.max(0, Math.floor(this.book.view.rows));
    // top-down: the asks above the last price have their best row at the bottom, padded on top
    const shown: (BookRow | null)[] = rows.slice(0, n);
    if (part.bestLast) shown.reverse();
    const empties = new Array<null>(Math.max(0, n - shown.length)).fill(null);
    const lines = part.bestLast ? [...empties, ...shown] : [...shown, ...empties];
    const lastTotal = (r: readonly BookRow[]) => (r.length ? Number(r[r.length - 1].total) : 0);
    const max = b ? Math.max(lastTotal(b.bids.slice(0, n)), lastTotal(b.asks.slice(0, n))) : 0;
    const dp = this.book.decimals;
    const m = theme.marks;
    const texts = lines.map((r) =>
      r
        ? {
            price: figureText(r.price, 'price', dp, m),
            qty: figureText(r.qty, 'compact', 0, m),
            frac: max > 0 ? Math.max(0, Math.min(1, Number(r.total) / max)) : 0,
          }
        : null,
    );
    const key = `${theme.up}|${theme.down}|${theme.text2}|${texts.map((t) => (t ? `${t.price}|${t.qty}|${t.frac.toFixed(3)}` : '-')).join(';')}`;
    if (key === s.key) return false;
    s.key = key;
    s.prices = lines.map((r) => r?.price ?? null);
    const ctx = this.begin(s);
    const w = part.width;
    const h = part.rowHeight;
    const colour = bid ? theme.up : theme.down;
    ctx.fillStyle = colour;
    ctx.globalAlpha = BAR_ALPHA;
    texts.forEach((t, i) => {
      if (!t) return;
      const bw = t.frac * w;
      ctx.fillRect(part.barsFromLeft ? 0 : w - bw, i * h + 1, bw, h - 2);
    });
    ctx.globalAlpha = 1;
    texts.forEach((t, i) => {
      if (!t) return;
      const y = i * h + h / 2;
      ctx.font = part.priceFont;
      ctx.fillStyle = colour;
      ctx.textAlign = part.qtyFirst ? 'right' : 'left';
      ctx.fillText(t.price, part.qtyFirst ? w : 0, y);
      ctx.font = part.qtyFont;
      ctx.fillStyle = theme.text2;
      ctx.textAlign = part.qtyFirst ? 'left' : 'right';
      ctx.fillText(t.qty, part.qtyFirst ? 0 : w, y);
    });
    return true;
  }

  private drawLast(s: Surface, b: BookSnapshot | null, theme: PaintTheme): boolean {
    const last = b?.last ?? null;
    const text =
      figureText(last?.price, 'price', this.book.lastDecimals, theme.marks) +
      (last?.dir === 1 ? ' ↑' : last?.dir === -1 ? ' ↓' : '');
    const colour = last?.dir === 1 ? theme.up : last?.dir === -1 ? theme.down : theme.text;
    const struck = !!b && !b.synced;
    const key = `${text}|${colour}|${struck}`;
    if (key === s.key) return false;
    s.key = key;
    s.prices = [last?.price ?? null];
    const ctx = this.begin(s);
    const y = s.part.height / 2;
    ctx.font = s.part.priceFont;
    ctx.fillStyle = colour;
    ctx.textAlign = 'left';
    ctx.fillText(text, 0, y);
    if (struck) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1;
      ctx.setLineDash([1, 1]);
      ctx.beginPath();
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(ctx.measureText(text).width, Math.round(y) + 0.5);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    return true;
  }

  private drawTrades(s: Surface, b: BookSnapshot | null, theme: PaintTheme): boolean {
    const { part } = s;
    const trades = b?.trades ?? [];
    const rows = Math.max(0, Math.floor(part.height / part.rowHeight));
    const shown = trades.slice(0, rows).map((t) => ({
      time: tradeClock(t.ts),
      price: figureText(t.price, 'price', this.book.lastDecimals, theme.marks),
      qty: figureText(t.qty, 'compact', 0, theme.marks),
      buy: t.side === 'buy',
      raw: t.price,
    }));
    const key = `${theme.up}|${theme.down}|${theme.text2}|${shown.map((t) => `${t.time}|${t.price}|${t.qty}|${t.buy}`).join(';')}`;
    if (key === s.key) return false;
    s.key = key;
    s.prices = shown.map((t) => t.raw);
    const ctx = this.begin(s);
    const w = part.width;
    const h = part.rowHeight;
    // three equal columns, as .tradeLine's grid: time, price (by the taker's side), amount right-aligned
    shown.forEach((t, i) => {
      const y = i * h + h / 2;
      ctx.font = part.qtyFont;
      ctx.fillStyle = theme.text2;
      ctx.textAlign = 'left';
      ctx.fillText(t.time, 0, y);
      ctx.textAlign = 'right';
      ctx.fillText(t.qty, w, y);
      ctx.font = part.priceFont;
      ctx.fillStyle = t.buy ? theme.up : theme.down;
      ctx.textAlign = 'left';
      ctx.fillText(t.price, w / 3, y);
    });
    return true;
  }
}
