/**
 * The market-data worker's one door: the only Comlink.expose. Everything else lives in engine.ts
 * and the pure modules beside it.
 */
import * as Comlink from 'comlink';
import type { HistoryPayload, IndicatorLines, IndicatorSpec, MarketWorkerApi, PaintedRow, PaintTheme, Period, RowLayout, SnapshotCallback, WatchView, WorkerConfig } from './api-types';
import { realClock } from './clock';
import { MarketEngine } from './engine';
import { payloadBuffers } from './channels/history';
import { openSocket } from './socket';

export type { MarketWorkerApi } from './api-types';

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
  setPaintTheme: (theme: PaintTheme) => engine.setPaintTheme(theme),
  paintStats: () => engine.paintStats(),
  stop(): void {
    engine.stop();
    for (const cb of callbacks.values()) release(cb);
    callbacks.clear();
  },
};

Comlink.expose(api);
