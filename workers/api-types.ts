/**
 * The contract between the market-data worker and the main thread (DESIGN.md §3 "Worker ↔ main thread").
 * Pure types, no lib dependency: compiled both by workers/ (WebWorker lib) and by src/ (DOM lib), so the
 * bridge can type `Comlink.wrap<MarketWorkerApi>` without pulling the worker's globals into the DOM build.
 */
import type { Period } from '../core';

export type { Period };

/** What the main thread sees of one symbol. Strings are exact decimals; `changePct` comes from core/. */
export interface TickerRow {
  symbol: string;
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  /** percent change against `open`, e.g. "-1.23" */
  changePct: string;
  /** direction of the last change of `last`: 1 up, -1 down, 0 flat */
  dir: 1 | -1 | 0;
  seq: number;
  ts: number;
}

/**
 * One bar as lightweight-charts wants it: `time` in seconds UTC. Numbers, not decimal strings — the
 * chart draws, it does not account.
 */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ChartView {
  symbol: string;
  period: Period;
}

/** What one screen shows. The worker subscribes to the union of all views and sends each only its part. */
export interface WatchView {
  /** symbols of the visible list, 'all', or [] for none */
  symbols: string[] | 'all';
  chart?: ChartView;
}

export interface StreamStatus {
  /** socket connected and subscribed */
  connected: boolean;
  /** ms epoch of the last message from the server, any channel */
  lastHeardAt: number;
  /**
   * Streams of this view that are not live: ticker symbols, and the chart's channel name
   * (`kline:<symbol>:<period>`) — silent past their cadence, or everything while disconnected.
   */
  stale: string[];
}

export interface ChartDiff {
  symbol: string;
  period: Period;
  /** updated bars in time order; a bar may repeat an already-drawn time (then it replaces it) */
  bars: ChartBar[];
}

/** A coalesced diff: at most one per throttle window per watcher, only for what its view names. */
export interface Snapshot {
  /** changed rows only */
  tickers?: TickerRow[];
  chart?: ChartDiff;
  status: StreamStatus;
}

/** Merged history (REST + live) as column arrays, transferred rather than cloned. Times in seconds. */
export interface HistoryPayload {
  symbol: string;
  period: Period;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

export interface WorkerConfig {
  /** socket.io origin, e.g. location.origin */
  origin: string;
  /** REST base including /api, e.g. `${location.origin}/api` */
  apiBase: string;
  /** snapshot window per watcher, default 100 ms */
  throttleMs?: number;
}

export type SnapshotCallback = (s: Snapshot) => void;

export interface MarketWorkerApi {
  start(config: WorkerConfig): Promise<void>;
  setSession(token: string | null, lang: string): void;
  /** `onSnapshot` must be wrapped in Comlink.proxy by the caller; returns the watch id */
  watch(view: WatchView, onSnapshot: SnapshotCallback): number;
  updateView(id: number, view: WatchView): void;
  unwatch(id: number): void;
  /** Without a range: the latest bars (≤ 1500) merged with live updates. Range in unix seconds. */
  history(symbol: string, period: Period, range?: { from: number; to: number }): Promise<HistoryPayload>;
  /** Reconnect now if down and refetch what may have been missed (tab shown again, network back). */
  resync(reason: string): Promise<void>;
  stop(): void;
}
