/**
 * The one file that talks to the market worker (DESIGN.md §7): starts it lazily, waits until it is
 * ready, restarts it if it dies (and re-registers every open watch), forwards page visibility,
 * network and session changes. Everything else on the main thread goes through the functions here.
 */
import * as Comlink from 'comlink';
import { subscribe } from 'valtio';
import { CONSTANTS } from '../../core/types/api';
import {
  startMarketWorker,
  type HistoryPayload,
  type IndicatorLines,
  type IndicatorSpec,
  type MarketWorkerApi,
  type PaintedBook,
  type PaintedRow,
  type PaintStats,
  type PaintTheme,
  type Period,
  type RowLayout,
  type Snapshot,
  type WatchView,
} from '../../workers/public';
import { session } from '../stores/session';
import { firstPaint } from '../lib/firstPaint';

type Api = Comlink.Remote<MarketWorkerApi>;

interface Watch {
  view: WatchView;
  onSnapshot: (s: Snapshot) => void;
  /** id in the current worker; null while (re)registering */
  remoteId: number | null;
  registering: boolean;
  closed: boolean;
}

export interface WatchHandle {
  update(view: WatchView): void;
  close(): void;
}

let worker: Worker | null = null;
let ready: Promise<Api> | null = null;
let restartDelayMs = 1000;
const watches = new Set<Watch>();
let listening = false;

/** A row canvas handed to the worker. A canvas can be transferred once: a new worker needs a new one. */
interface Painted {
  onLost: () => void;
}
const painted = new Map<number, Painted>();
let nextPaintId = 1;
let paintTheme: PaintTheme | null = null;

function boot(): Promise<Api> {
  const w = startMarketWorker();
  worker = w;
  const api = Comlink.wrap<MarketWorkerApi>(w);
  // An uncaught error leaves the worker in an unknown state, and a failed module load leaves none:
  // either way start a fresh one.
  w.addEventListener('error', () => restart(w));
  const p = (async () => {
    await api.start({
      origin: location.origin,
      apiBase: `${location.origin}/api`,
      throttleMs: CONSTANTS.snapshotThrottleMs,
    });
    await api.setSession(session.token || null, session.lang);
    if (paintTheme) await api.setPaintTheme(paintTheme);
    await Promise.all([...watches].map((wt) => register(api, wt)));
    restartDelayMs = 1000;
    return api;
  })();
  p.catch(() => restart(w));
  listen();
  return p;
}

function restart(dead: Worker): void {
  if (worker !== dead) return; // already replaced
  dead.terminate();
  worker = null;
  ready = null;
  for (const wt of watches) {
    wt.remoteId = null;
    wt.registering = false; // a call to a terminated worker never answers
  }
  // Their canvases died with the worker: each row puts up a new one (and calls paintRow again).
  const lost = [...painted.values()];
  painted.clear();
  for (const p of lost) p.onLost();
  // Back off so a worker that dies at once does not spin.
  const delay = restartDelayMs;
  restartDelayMs = Math.min(restartDelayMs * 2, 30_000);
  setTimeout(() => {
    if (!ready && watches.size) void getApi();
  }, delay);
}

function getApi(): Promise<Api> {
  // The worker (its 100 KB script, its socket) starts after the first screen is painted.
  if (!ready) ready = firstPaint.then(boot);
  return ready;
}

async function register(api: Api, wt: Watch): Promise<void> {
  // boot() and openWatch() may both try: one registration per watch per worker.
  if (wt.closed || wt.remoteId !== null || wt.registering) return;
  wt.registering = true;
  const sent = wt.view;
  try {
    const id = await api.watch(
      sent,
      Comlink.proxy((s: Snapshot) => {
        if (!wt.closed) wt.onSnapshot(s);
      }),
    );
    if (wt.closed) void api.unwatch(id);
    else {
      wt.remoteId = id;
      // The view changed while registering: catch up.
      if (wt.view !== sent) void api.updateView(id, wt.view);
    }
  } finally {
    wt.registering = false;
  }
}

/** Register a view; snapshots for it arrive through `onSnapshot` until `close()`. */
export function openWatch(view: WatchView, onSnapshot: (s: Snapshot) => void): WatchHandle {
  const wt: Watch = { view, onSnapshot, remoteId: null, registering: false, closed: false };
  watches.add(wt);
  void getApi().then((api) => register(api, wt));
  return {
    update(next: WatchView) {
      wt.view = next;
      const id = wt.remoteId;
      // Not registered yet: register() sends the latest view when it lands.
      if (id !== null && ready) void ready.then((api) => api.updateView(id, next));
    },
    close() {
      wt.closed = true;
      watches.delete(wt);
      const id = wt.remoteId;
      wt.remoteId = null;
      if (id !== null && ready) void ready.then((api) => api.unwatch(id));
    },
  };
}

export interface PaintHandle {
  relayout(layout: RowLayout): void;
  close(): void;
}

/** Whether this browser can hand a canvas to a worker (else rows show their figures as DOM text). */
export function canPaintRows(): boolean {
  return (
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype &&
    typeof Worker !== 'undefined'
  );
}

/**
 * Hand a row's canvas to the worker, which paints the row's live figures into it from then on
 * (workers/paint/row-painter.ts). `onLost` runs if the worker is replaced: the canvas is dead and
 * the row must mount a new one.
 */
export function paintRow(canvas: HTMLCanvasElement, row: PaintedRow, onLost: () => void): PaintHandle {
  const id = nextPaintId++;
  // Transferred now, while the element is new: it can never get a context on this thread.
  const off = canvas.transferControlToOffscreen();
  const entry: Painted = { onLost };
  painted.set(id, entry);
  const booted = getApi();
  void booted.then((api) => {
    if (painted.get(id) === entry) void api.paintRow(id, Comlink.transfer(off, [off]), row);
  });
  return {
    relayout(layout: RowLayout) {
      if (painted.get(id) === entry) void booted.then((api) => api.relayoutRow(id, layout));
    },
    close() {
      if (painted.get(id) !== entry) return;
      painted.delete(id);
      void booted.then((api) => api.unpaintRow(id));
    },
  };
}

export interface BookPaintHandle {
  /** a new step, row count or geometry */
  update(book: PaintedBook): void;
  /** the price painted now in row `row` (top-down) of part `part`, null for an empty row or a lost worker */
  priceAt(part: number, row: number): Promise<string | null>;
  close(): void;
}

/**
 * Hand a book's canvases to the worker, which paints its rows, last price or trades into them
 * from then on (workers/paint/book-painter.ts). Like paintRow: `onLost` runs if the worker is
 * replaced, and the book must mount new canvases.
 */
export function paintBook(canvases: HTMLCanvasElement[], book: PaintedBook, onLost: () => void): BookPaintHandle {
  const id = nextPaintId++;
  const off = canvases.map((c) => c.transferControlToOffscreen());
  const entry: Painted = { onLost };
  painted.set(id, entry);
  const booted = getApi();
  const mine = () => painted.get(id) === entry;
  void booted.then((api) => {
    if (mine()) void api.paintBook(id, Comlink.transfer(off, off), book);
  });
  return {
    update(next: PaintedBook) {
      if (mine()) void booted.then((api) => api.updatePaintedBook(id, next));
    },
    async priceAt(part: number, row: number) {
      return mine() ? (await booted).paintedBookPrice(id, part, row) : null;
    },
    close() {
      if (!mine()) return;
      painted.delete(id);
      void booted.then((api) => api.unpaintBook(id));
    },
  };
}

/** The colours painted rows use; kept for a restarted worker. */
export function setPaintTheme(theme: PaintTheme): void {
  paintTheme = theme;
  if (ready) void ready.then((api) => api.setPaintTheme(theme));
}

/** Tick→paint samples of painted rows since the last call (bench/ and diagnosis). */
export async function paintStats(): Promise<PaintStats> {
  const api = await getApi();
  return api.paintStats();
}

/** Merged history as column arrays (transferred, not cloned). */
export async function fetchHistory(
  symbol: string,
  period: Period,
  range?: { from: number; to: number },
): Promise<HistoryPayload> {
  const api = await getApi();
  return api.history(symbol, period, range);
}

/** A charted series' indicators from the worker (transferred columns), null when it holds no such series. */
export async function fetchIndicators(
  symbol: string,
  period: Period,
  spec: IndicatorSpec,
  from?: number,
): Promise<IndicatorLines | null> {
  const api = await getApi();
  return api.indicators(symbol, period, spec, from);
}

function resync(reason: string): void {
  if (ready) void ready.then((api) => api.resync(reason));
}

function listen(): void {
  if (listening) return;
  listening = true;
  // A worker has no document: the page tells it when it is seen again or the network is back,
  // so it can reconnect at once and refetch what it missed.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') resync('visible');
  });
  window.addEventListener('online', () => resync('online'));
  let last = `${session.token}|${session.lang}`;
  subscribe(session, () => {
    const now = `${session.token}|${session.lang}`;
    if (now === last) return;
    last = now;
    if (ready) void ready.then((api) => api.setSession(session.token || null, session.lang));
  });
}
