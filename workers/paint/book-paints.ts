/**
 * The books the worker paints (BookPainter), each fed by a watch of its own on the engine — the
 * same coalesced book snapshots a page's watch gets, at the same window, but delivered inside the
 * worker: nothing crosses to the main thread. Records tick→paint per depth change shown: the
 * server time of the newest diff painted → the worker frame after the paint.
 */
import type { BookSnapshot, PaintedBook, PaintTheme, SnapshotCallback, WatchView } from '../api-types';
import { BookPainter, type BookSurface } from './book-painter';
import { LIGHT_PAINT_THEME } from './light-theme';

/** The engine's watch door (MarketEngine has it). */
interface BookWatchHost {
  watch(view: WatchView, send: SnapshotCallback): number;
  updateView(id: number, view: WatchView): void;
  unwatch(id: number): void;
}

export interface BookPaintsDeps {
  host: BookWatchHost;
  now(): number;
  /** runs `fn` once the frame after this task has been produced (the worker's requestAnimationFrame); absent in tests */
  afterFrame?: (fn: () => void) => void;
}

const MAX_SAMPLES = 10_000;

interface Entry {
  watchId: number;
  painter: BookPainter;
  /** server time of the newest diff already counted */
  sampledTs: number;
}

const viewOf = (book: PaintedBook): WatchView => ({ symbols: [], book: book.view });

export class BookPaints {
  private readonly books = new Map<number, Entry>();
  private theme: PaintTheme = LIGHT_PAINT_THEME;
  private latency: number[] = [];

  constructor(private readonly deps: BookPaintsDeps) {}

  get size(): number {
    return this.books.size;
  }

  attach(id: number, canvases: readonly BookSurface[], book: PaintedBook): void {
    this.detach(id);
    const painter = new BookPainter(book, canvases);
    const entry: Entry = { watchId: 0, painter, sampledTs: 0 };
    this.books.set(id, entry);
    // the empty rows (and the '--' last price) at once; the book follows with the first snapshot
    painter.paint(null, this.theme);
    entry.watchId = this.deps.host.watch(viewOf(book), (s) => {
      if (s.book && this.books.get(id) === entry) this.onBook(entry, s.book);
    });
  }

  update(id: number, book: PaintedBook): void {
    const e = this.books.get(id);
    if (!e) return;
    e.painter.set(book);
    e.painter.paint(null, this.theme);
    this.deps.host.updateView(e.watchId, viewOf(book));
  }

  detach(id: number): void {
    const e = this.books.get(id);
    if (!e) return;
    this.books.delete(id);
    this.deps.host.unwatch(e.watchId);
  }

  setTheme(theme: PaintTheme): void {
    this.theme = theme;
    for (const e of this.books.values()) {
      e.painter.invalidate();
      e.painter.paint(null, theme);
    }
  }

  priceAt(id: number, part: number, row: number): string | null {
    return this.books.get(id)?.painter.priceAt(part, row) ?? null;
  }

  /** Tick→paint samples since the last call. */
  takeLatency(): number[] {
    const out = this.latency;
    this.latency = [];
    return out;
  }

  private onBook(e: Entry, b: BookSnapshot): void {
    // (in the worker a snapshot is built and delivered in one task: none predates a view change)
    if (b.symbol !== e.painter.view.symbol) return;
    const sides = e.painter.paint(b, this.theme);
    if (!sides || !(b.ts > e.sampledTs) || !b.synced) return;
    e.sampledTs = b.ts;
    const ts = b.ts;
    this.deps.afterFrame?.(() => {
      this.latency.push(this.deps.now() - ts);
      if (this.latency.length > MAX_SAMPLES) this.latency = this.latency.slice(-MAX_SAMPLES);
    });
  }
}
