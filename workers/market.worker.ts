/**
 * The market-data worker's one door: the only Comlink.expose. Everything else lives in engine.ts
 * and the pure modules beside it.
 */
import * as Comlink from 'comlink';
import type {
  HistoryPayload,
  IndicatorLines,
  IndicatorSpec,
  PaintedBook,
  PaintedRow,
  PaintTheme,
  Period,
  RowLayout,
  SnapshotCallback,
  WatchView,
  WorkerConfig,
} from './api-types';
import { realClock } from './clock';
import { MarketEngine } from './engine';
import { payloadBuffers } from './channels/history';
import { openSocket } from './socket';
import { BookPaints } from './paint/book-paints';
import type { MarketWorkerApi } from './worker-api';
export type { MarketWorkerApi } from './worker-api';

/**
 * After the frame that shows what this task painted: a worker that owns canvases gets
 * requestAnimationFrame, and a task queued from its callback runs once that frame is produced.
 */
function afterFrame(fn: () => void): void {
  if (typeof self.requestAnimationFrame !== 'function') return;
  self.requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      fn();
    };
    ch.port2.postMessage(null);
  });
}

const engine = new MarketEngine({ openSocket, clock: realClock, afterFrame });
/** painted books: each is a watch of its own on the engine, delivered here (workers/paint/book-paints.ts) */
const books = new BookPaints({ host: engine, now: realClock.now, afterFrame });

/** The callback arrives as a Comlink remote; release its port when the watch ends. */
const callbacks = new Map<number, SnapshotCallback>();

function release(cb: SnapshotCallback | undefined): void {
  const r = (cb as unknown as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy];
  if (typeof r === 'function') r();
}

const api: MarketWorkerApi = {
  start: (config: WorkerConfig) => engine.start(config),
  setSession: (token: string | null, lang: string) => engine.setSession(token, lang),
  watch(view: WatchView, onSnapshot: SnapshotCallback): number {
    const id = engine.watch(view, onSnapshot);
    callbacks.set(id, onSnapshot);
    return id;
  },
  updateView: (id: number, view: WatchView) => engine.updateView(id, view),
  unwatch(id: number): void {
    engine.unwatch(id);
    release(callbacks.get(id));
    callbacks.delete(id);
  },
  async history(symbol: string, period: Period, range?: { from: number; to: number }): Promise<HistoryPayload> {
    const p = await engine.history(symbol, period, range);
    return Comlink.transfer(p, payloadBuffers(p));
  },
  async indicators(symbol: string, period: Period, spec: IndicatorSpec, from?: number): Promise<IndicatorLines | null> {
    const r = engine.indicators(symbol, period, spec, from);
    return r ? Comlink.transfer(r, [r.time.buffer, ...r.lines.map((l) => l.values.buffer)]) : null;
  },
  resync: (reason: string) => engine.resync(reason),
  paintRow: (id: number, canvas: OffscreenCanvas, row: PaintedRow) => engine.paintRow(id, canvas, row),
  relayoutRow: (id: number, layout: RowLayout) => engine.relayoutRow(id, layout),
  unpaintRow: (id: number) => engine.unpaintRow(id),
  setPaintTheme(theme: PaintTheme): void {
    engine.setPaintTheme(theme);
    books.setTheme(theme);
  },
  paintStats: () => ({ ...engine.paintStats(), book: books.takeLatency() }),
  paintBook: (id: number, canvases: OffscreenCanvas[], book: PaintedBook) => books.attach(id, canvases, book),
  updatePaintedBook: (id: number, book: PaintedBook) => books.update(id, book),
  unpaintBook: (id: number) => books.detach(id),
  paintedBookPrice: (id: number, part: number, row: number) => books.priceAt(id, part, row),
  stop(): void {
    engine.stop();
    for (const cb of callbacks.values()) release(cb);
    callbacks.clear();
  },
};

Comlink.expose(api);
