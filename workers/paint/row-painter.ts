/**
 * Markets rows painted by the worker. A row's live figures (turnover, last price, change pill) are
 * drawn into a canvas whose control the page transferred here, so a tick reaches the screen
 * without a task on the main thread: no message to clone, no store write, no style, layout or
 * paint there — the compositor shows the canvas's new frame by itself. On a 4× throttled main
 * thread, fifteen rows of DOM text rewritten ten times a second cost ~14 % of it; the same rows
 * painted here cost ~0.7 % (bench/README.md "Painted rows").
 *
 * Rules (the same as a <Num/> and <ChangePill/> on the main thread — text from core's figureText,
 * colours from the theme's tokens):
 * - turnover: the translated label, then the figure by the compact rule, secondary text colour;
 * - last price: the pair's decimals, right-aligned, tinted by the direction of its last move
 *   (core's moveDirection) and held until it moves the other way;
 * - change: signed percent in a pill filled up/down/flat by its sign, at least `minWidth` wide;
 * - a stale stream strikes its figures through (dotted, 1 px), as the stylesheet's `.stale` does.
 * Before the stream has spoken for a symbol, the REST figures the page passed are shown.
 * A canvas is redrawn only when one of its strings, colours, its geometry or the theme changed.
 */
import { LIGHT_PAINT_THEME } from './light-theme';
import { figureText, moveDirection } from '../../core';
import type { FigureSlot, PaintedRow, PaintStats, PaintTheme, RowLayout, TickerRow } from '../api-types';
import type { RowLookup } from '../channels/tickers';

/** The part of a 2D context the painter uses: an OffscreenCanvasRenderingContext2D has it, tests pass a recorder. */
export interface PaintContext {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  save(): void;
  restore(): void;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  roundRect(x: number, y: number, w: number, h: number, radii: number): void;
  clip(): void;
  fill(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
}

/** A canvas the painter owns (an OffscreenCanvas). */
export interface PaintSurface {
  width: number;
  height: number;
  getContext(kind: '2d'): PaintContext | null;
}

const MAX_SAMPLES = 10_000;

/** What a row shows, as strings: a canvas is redrawn only when this changes. */
interface Figures {
  vol: string;
  last: string;
  dir: 0 | 1 | -1;
  pct: string;
  sign: number;
  stale: boolean;
}

interface Painted {
  row: PaintedRow;
  surface: PaintSurface;
  ctx: PaintContext;
  /** the last price shown and the held direction of its last move */
  shownLast: string | undefined;
  dir: 0 | 1 | -1;
  /** figures on the canvas now; null: nothing drawn yet, or geometry/theme changed */
  drawn: Figures | null;
  /** server ts of the last tick this row was sampled for (tick→paint counts each tick once) */
  sampledTs: number;
}

export interface RowPainterDeps {
  now(): number;
  /** runs `fn` once the frame after this task has been produced (the worker's requestAnimationFrame); absent in tests */
  afterFrame?: (fn: () => void) => void;
}

export class RowPainter {
  private readonly rows = new Map<number, Painted>();
  private theme: PaintTheme = LIGHT_PAINT_THEME;
  /** symbols that ticked since the last paint */
  private readonly ticked = new Set<string>();
  /** a row was attached, moved or the theme changed: paint at the next flush */
  private forced = false;
  private latency: number[] = [];
  private paints = 0;

  constructor(private readonly deps: RowPainterDeps) {}

  get size(): number {
    return this.rows.size;
  }

  /** Symbols of every painted row (the engine subscribes their tickers). */
  get symbols(): Set<string> {
    const s = new Set<string>();
    for (const p of this.rows.values()) s.add(p.row.symbol);
    return s;
  }

  /** something to paint at the next flush (never while no row is painted) */
  get dirty(): boolean {
    return this.rows.size > 0 && (this.forced || this.ticked.size > 0);
  }

  /** Returns false (and paints nothing) when the canvas has no 2D context. */
  attach(id: number, surface: PaintSurface, row: PaintedRow): boolean {
    const ctx = surface.getContext('2d');
    if (!ctx) return false;
    this.rows.set(id, { row, surface, ctx, shownLast: undefined, dir: 0, drawn: null, sampledTs: 0 });
    size(surface, row.layout);
    this.forced = true;
    return true;
  }

  relayout(id: number, layout: RowLayout): void {
    const p = this.rows.get(id);
    if (!p) return;
    p.row = { ...p.row, layout };
    size(p.surface, layout);
    p.drawn = null;
    this.forced = true;
  }

  detach(id: number): void {
    this.rows.delete(id);
    if (this.rows.size === 0) {
      this.ticked.clear();
      this.forced = false;
    }
  }

  setTheme(theme: PaintTheme): void {
    this.theme = theme;
    for (const p of this.rows.values()) p.drawn = null;
    this.forced = true;
  }

  /** Note the symbols a ticker batch changed; true when a painted row shows one of them. */
  noteTickers(changed: readonly string[]): boolean {
    if (!this.rows.size) return false;
    const shown = this.symbols;
    let any = false;
    for (const s of changed)
      if (shown.has(s)) {
        this.ticked.add(s);
        any = true;
      }
    return any;
  }

  /**
   * Repaint every row whose figures changed (its symbol ticked, its stream went stale or live
   * again, it was attached or moved, or the theme changed). Returns how many canvases were drawn.
   */
  paint(book: RowLookup, isStale: (symbol: string) => boolean): number {
    return this.paintRows(this.rows.values(), book, isStale, true);
  }

  /**
   * Paint one row now, outside the window: a row just put up (a sort, a tab, a scroll past the
   * overscan) or moved shows its figures in the next frame instead of up to a window later.
   */
  paintNow(id: number, book: RowLookup, isStale: (symbol: string) => boolean): void {
    const p = this.rows.get(id);
    if (p) this.paintRows([p], book, isStale, false);
  }

  private paintRows(
    rows: Iterable<Painted>,
    book: RowLookup,
    isStale: (symbol: string) => boolean,
    all: boolean,
  ): number {
    // tick→paint: one sample per tick shown (a symbol in two rows, or a redraw for the theme, a
    // new size or a stale flip, is not a tick reaching the screen)
    const shownTs = new Map<string, number>();
    let drawn = 0;
    for (const p of rows) {
      const stale = isStale(p.row.symbol);
      // Nothing new for this row: skip the formatting (decimal.js) unless its stale flag flipped.
      if (p.drawn && !this.ticked.has(p.row.symbol) && p.drawn.stale === stale) continue;
      const live = book.get(p.row.symbol);
      const f = this.figures(p, live, stale);
      if (p.drawn && same(p.drawn, f)) continue;
      draw(p.ctx, p.row.layout, this.theme, f);
      p.drawn = f;
      drawn += 1;
      if (live && !stale && this.ticked.has(p.row.symbol) && p.sampledTs !== live.ts) {
        p.sampledTs = live.ts;
        shownTs.set(p.row.symbol, live.ts);
      }
    }
    if (all) {
      this.ticked.clear();
      this.forced = false;
    }
    this.paints += drawn;
    if (shownTs.size && this.deps.afterFrame)
      this.deps.afterFrame(() => {
        const t = this.deps.now();
        for (const ts of shownTs.values()) this.latency.push(t - ts);
        if (this.latency.length > MAX_SAMPLES) this.latency = this.latency.slice(-MAX_SAMPLES);
      });
    return drawn;
  }

  /** Samples since the last read. */
  stats(): PaintStats {
    const out = { latency: this.latency, paints: this.paints };
    this.latency = [];
    this.paints = 0;
    return out;
  }

  private figures(p: Painted, live: TickerRow | undefined, stale: boolean): Figures {
    const { rest, decimals } = p.row;
    const last = live?.last ?? rest.last;
    const d = moveDirection(p.shownLast, last);
    if (d !== 0) p.dir = d;
    p.shownLast = last;
    const pct = live?.changePct ?? rest.changePct;
    const n = Number(pct);
    return {
      vol: figureText(live ? live.turnover : rest.turnover, 'compact', 4, this.theme.marks),
      last: figureText(last, 'price', decimals, this.theme.marks),
      dir: p.dir,
      pct: figureText(pct, 'percent', 2, this.theme.marks),
      sign: Number.isFinite(n) ? Math.sign(n) : 0,
      stale,
    };
  }
}

function same(a: Figures, b: Figures): boolean {
  return (
    a.vol === b.vol &&
    a.last === b.last &&
    a.dir === b.dir &&
    a.pct === b.pct &&
    a.sign === b.sign &&
    a.stale === b.stale
  );
}

function size(surface: PaintSurface, layout: RowLayout): void {
  const w = Math.max(1, Math.round(layout.width * layout.dpr));
  const h = Math.max(1, Math.round(layout.height * layout.dpr));
  // Setting a size clears the canvas even when unchanged: only when it changed.
  if (surface.width !== w) surface.width = w;
  if (surface.height !== h) surface.height = h;
}

/** A dotted 1 px line through the middle of a text, like `text-decoration: line-through dotted`. */
function strike(ctx: PaintContext, x: number, width: number, y: number, colour: string): void {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.setLineDash([1, 1]);
  ctx.beginPath();
  ctx.moveTo(x, Math.round(y) + 0.5);
  ctx.lineTo(x + width, Math.round(y) + 0.5);
  ctx.stroke();
  ctx.restore();
}

/**
 * Start drawing inside one cell: clipped to its box (the cell's overflow: hidden), in its font,
 * alignment and colour. Returns the cell's middle line; the caller restores.
 */
function enterSlot(ctx: PaintContext, slot: FigureSlot, align: CanvasTextAlign, colour: string): number {
  ctx.save();
  ctx.beginPath();
  ctx.rect(slot.x, slot.y, slot.width, slot.height);
  ctx.clip();
  ctx.font = slot.font;
  ctx.textAlign = align;
  ctx.fillStyle = colour;
  return slot.y + slot.height / 2;
}

function draw(ctx: PaintContext, layout: RowLayout, theme: PaintTheme, f: Figures): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, Math.round(layout.width * layout.dpr), Math.round(layout.height * layout.dpr));
  ctx.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
  ctx.textBaseline = 'middle';

  // Turnover: "Vol 1.2M", left-aligned.
  const v = layout.vol;
  const vy = enterSlot(ctx, v, 'left', theme.text2);
  const label = v.label ? `${v.label} ` : '';
  const lw = label ? ctx.measureText(label).width : 0;
  if (label) ctx.fillText(label, v.x, vy);
  ctx.fillText(f.vol, v.x + lw, vy);
  if (f.stale) strike(ctx, v.x + lw, ctx.measureText(f.vol).width, vy, theme.text2);
  ctx.restore();

  // Last price: right-aligned in its cell, tinted by the direction of its last move.
  const l = layout.last;
  const colour = f.dir > 0 ? theme.up : f.dir < 0 ? theme.down : theme.text;
  const ly = enterSlot(ctx, l, 'right', colour);
  ctx.fillText(f.last, l.x + l.width, ly);
  if (f.stale) {
    const w = ctx.measureText(f.last).width;
    strike(ctx, l.x + l.width - w, w, ly, colour);
  }
  ctx.restore();

  // Change pill: right-aligned, filled by the sign of the change, text centred.
  const p = layout.pill;
  ctx.font = p.font;
  const tw = ctx.measureText(f.pct).width;
  const pw = Math.min(p.width, Math.max(p.minWidth, Math.ceil(tw) + 2 * p.padX));
  const px = p.x + p.width - pw;
  ctx.fillStyle = f.sign > 0 ? theme.up : f.sign < 0 ? theme.down : theme.flat;
  ctx.beginPath();
  ctx.roundRect(px, p.y, pw, p.height, p.radius);
  ctx.fill();
  ctx.textAlign = 'center';
  ctx.fillStyle = theme.onPrice;
  const py = p.y + p.height / 2;
  ctx.fillText(f.pct, px + pw / 2, py);
  if (f.stale) strike(ctx, px + (pw - tw) / 2, tw, py, theme.onPrice);
}
