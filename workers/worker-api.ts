/**
 * The market worker's Comlink surface: what the page may ask of it. Its data types are in
 * ./api-types (one file of shapes, this one of calls).
 */
import type {
  HistoryPayload,
  IndicatorLines,
  IndicatorSpec,
  PaintedBook,
  PaintedRow,
  PaintStats,
  PaintTheme,
  Period,
  RowLayout,
  SnapshotCallback,
  WatchView,
  WorkerConfig,
} from './api-types';

export interface MarketWorkerApi {
  start(config: WorkerConfig): Promise<void>;
  setSession(token: string | null, lang: string): void;
  /** `onSnapshot` must be wrapped in Comlink.proxy by the caller; returns the watch id */
  watch(view: WatchView, onSnapshot: SnapshotCallback): number;
  updateView(id: number, view: WatchView): void;
  unwatch(id: number): void;
  /** Without a range: the latest bars (≤ 1500) merged with live updates. Range in unix seconds. */
  history(symbol: string, period: Period, range?: { from: number; to: number }): Promise<HistoryPayload>;
  /**
   * The indicators of a charted series (one the caller charts: null when the worker holds no such
   * series), for its bars at or after `from` (seconds). Kept incrementally per series and spec:
   * asking again after new bars costs only the new bars.
   */
  indicators(symbol: string, period: Period, spec: IndicatorSpec, from?: number): Promise<IndicatorLines | null>;
  /** Reconnect now if down and refetch what may have been missed (tab shown again, network back). */
  resync(reason: string): Promise<void>;
  /**
   * Paint a Markets row's live figures into `canvas` (transferred: the main thread never draws it)
   * at the list's cadence, from the same coalesced data as the snapshots, until `unpaintRow(id)`.
   * `id` is the caller's. The symbol's tickers are subscribed while it is painted.
   */
  paintRow(id: number, canvas: OffscreenCanvas, row: PaintedRow): void;
  /** The row's cells moved or resized (width, zoom, language): repaint at the new geometry. */
  relayoutRow(id: number, layout: RowLayout): void;
  unpaintRow(id: number): void;
  /** Colours for painted rows (theme or price-colour mode changed): every row is repainted. */
  setPaintTheme(theme: PaintTheme): void;
  /** Tick→paint samples of painted rows and books since the last call (diagnosis and bench/). */
  paintStats(): PaintStats;
  /**
   * Paint a book's rows, last price or trades into `canvases` (transferred; one per `book.parts`
   * entry, in order) as the book moves, until `unpaintBook(id)`. Its depth and trades channels are
   * subscribed meanwhile. `id` is the caller's.
   */
  paintBook(id: number, canvases: OffscreenCanvas[], book: PaintedBook): void;
  /** A new step, row count or geometry: repainted at once. */
  updatePaintedBook(id: number, book: PaintedBook): void;
  unpaintBook(id: number): void;
  /** The price painted now in row `row` (top-down) of part `part`, or null: what a tap there means. */
  paintedBookPrice(id: number, part: number, row: number): string | null;
  stop(): void;
}
