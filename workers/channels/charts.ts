/**
 * The charted series half of the engine: the `kline:*` channel's live updates, REST history loads,
 * and the refetches that close a gap. It owns the series; the engine owns the socket, the watchers
 * and when snapshots go out, and is told of changed bars through `publish`.
 */
import { isPeriod, type Period } from '../../core';
import type { ChartBar, HistoryPayload } from '../api-types';
import type { Cadence } from '../cadence';
import type { Clock } from '../clock';
import { defaultRange, toPayload, type HistoryRequest } from './history';
import { ChartSeries } from '../series';
import { KLINE_PREFIX, klineChannel, parseKlineUpdates, toChartBar } from './kline';

export interface ChartsDeps {
  clock: Clock;
  cadence: Cadence;
  fetchHistory: (req: HistoryRequest) => Promise<ChartBar[]>;
  /** the history request for a range, with the session's headers (throws before start) */
  request: (symbol: string, period: Period, from: number, to: number) => HistoryRequest;
  /** subscribed, connected and heard within its cadence */
  isStreaming: (key: string) => boolean;
  /** bars of `key` changed (loaded, merged or live) */
  publish: (key: string, bars: ChartBar[]) => void;
  /** a series' stale state changed (a refetch began or ended): every view's status is due */
  requestAll: () => void;
}

export class ChartChannel {
  private readonly series = new Map<string, ChartSeries>();
  private readonly loads = new Map<string, Promise<void>>();
  private readonly refetching = new Set<string>();
  private readonly refetchAgain = new Map<string, number>();

  constructor(private readonly deps: ChartsDeps) {}

  /** malformed updates dropped by the last `onKline` call are returned for the engine's count */
  onKline(data: unknown): { heard: boolean; dropped: number } {
    const now = this.deps.clock.now();
    const { items, dropped } = parseKlineUpdates(data);
    if (!items.length) return { heard: false, dropped };
    const changedByKey = new Map<string, ChartBar[]>();
    for (const u of items) {
      const key = klineChannel(u.symbol, u.period);
      const series = this.series.get(key);
      if (!series) continue;
      this.deps.cadence.heard(key, now);
      const r = series.applyLive({ seq: u.seq, bar: toChartBar(u.candle) });
      if (r.changed.length) changedByKey.set(key, [...(changedByKey.get(key) ?? []), ...r.changed]);
      if (r.gapFrom !== undefined) void this.refetch(key, r.gapFrom);
    }
    for (const [key, bars] of changedByKey) this.publish(key, bars);
    return { heard: true, dropped };
  }

  /** Loaded, and live ever since (see history()). */
  private isLive(key: string): boolean {
    return !this.refetching.has(key) && this.deps.isStreaming(key);
  }

  /** The bars of a held series (oldest first), or null. */
  bars(symbol: string, period: Period): readonly ChartBar[] | null {
    return this.series.get(klineChannel(symbol, period))?.bars ?? null;
  }

  /** Whether the chart of `key` is behind: refetching a gap or still loading. */
  isCatchingUp(key: string): boolean {
    return this.refetching.has(key) || !!this.series.get(key)?.loading;
  }

  async history(symbol: string, period: Period, range?: { from: number; to: number }): Promise<HistoryPayload> {
    const key = klineChannel(symbol, period);
    const series = this.ensure(key);
    if (range) {
      const bars = await this.deps.fetchHistory(this.deps.request(symbol, period, range.from, range.to));
      this.publish(key, series.completeLoad(-1, bars));
      return toPayload(symbol, period, series.slice(range.from, range.to));
    }
    // Loaded, and live ever since: a series exists only while a chart keeps it subscribed, and a
    // seq gap, a reconnect or a tab shown again refetches what was missed. Such a series (another
    // chart of it is open) is whole, so it is answered from memory with no request — a request
    // would cost the server, this worker and the first paint for nothing.
    if (series.windowLoaded && this.isLive(key)) return toPayload(symbol, period, series.bars);
    // Two callers asking for the same series share one request.
    let load = this.loads.get(key);
    if (!load) {
      load = this.load(key, symbol, period, series).finally(() => this.loads.delete(key));
      this.loads.set(key, load);
    }
    // A series that already holds history (an earlier chart, scrolled-back pages) is answered at once:
    // the chart paints without waiting for the network, and the default-window fetch started above
    // is merged when it lands and reaches the chart as ordinary bar updates (newer bars append; a
    // bar the chart cannot place in between makes it reload, and it then gets the merged series).
    // Only live bars (no REST answer merged yet) are not enough: older history could not be put
    // in front of them on the chart, so that case waits for the load.
    if (series.hasHistory && series.bars.length) {
      load.catch(() => {
        // The held bars are shown; a failed refresh leaves the stream stale until the next resync.
      });
      return toPayload(symbol, period, series.bars);
    }
    await load;
    return toPayload(symbol, period, series.bars);
  }

  /** A new connection may reach a restarted server: sequences start over. */
  resetSeq(): void {
    for (const s of this.series.values()) s.resetSeq();
  }

  /** Keeps the series of `want` (and any still loading); drops those nobody charts any more. */
  keep(want: Set<string>, isChart: (key: string) => boolean): void {
    for (const [key, s] of this.series)
      if (!want.has(key) && !s.loading && !this.loads.has(key)) this.series.delete(key);
    for (const key of want) if (isChart(key)) this.ensure(key);
  }

  private async load(key: string, symbol: string, period: Period, series: ChartSeries): Promise<void> {
    const { from, to } = defaultRange(period, this.deps.clock.now());
    const gen = series.beginLoad();
    try {
      const bars = await this.deps.fetchHistory(this.deps.request(symbol, period, from, to));
      this.publish(key, series.completeLoad(gen, bars));
    } catch (e) {
      this.publish(key, series.failLoad(gen));
      throw e;
    }
  }

  /**
   * Refetch [fromSec, now] of a charted series after a gap, a reconnect or a hidden tab. The
   * series' volume rule makes the merge safe against live updates that race it. One refetch per
   * series at a time; a request during one is folded into a follow-up.
   */
  private async refetch(key: string, fromSec: number): Promise<void> {
    const series = this.series.get(key);
    if (!series) return;
    if (this.refetching.has(key)) {
      this.refetchAgain.set(key, Math.min(fromSec, this.refetchAgain.get(key) ?? Infinity));
      return;
    }
    const parsed = splitKlineKey(key);
    if (!parsed) return;
    const { symbol, period } = parsed;
    this.refetching.add(key);
    this.deps.requestAll();
    try {
      const to = Math.ceil(this.deps.clock.now() / 1000);
      const bars = await this.deps.fetchHistory(this.deps.request(symbol, period, fromSec, to));
      this.publish(key, series.completeLoad(-1, bars));
    } catch {
      // Next reconnect, gap or resync tries again; the series stays marked stale meanwhile.
    } finally {
      this.refetching.delete(key);
      this.deps.requestAll();
      const again = this.refetchAgain.get(key);
      if (again !== undefined) {
        this.refetchAgain.delete(key);
        void this.refetch(key, again);
      }
    }
  }

  /** Refetches every charted series from its last bar (after a reconnect or a resync). */
  async refetchAll(chartKeys: Set<string>): Promise<void> {
    const jobs: Promise<void>[] = [];
    for (const key of chartKeys) {
      const series = this.series.get(key);
      const last = series?.lastTime;
      // A series still loading will get everything from its load.
      if (series && !series.loading && last !== null && last !== undefined) jobs.push(this.refetch(key, last));
    }
    await Promise.all(jobs);
  }

  private ensure(key: string): ChartSeries {
    let s = this.series.get(key);
    if (!s) {
      s = new ChartSeries();
      this.series.set(key, s);
    }
    return s;
  }

  private publish(key: string, bars: ChartBar[]): void {
    if (bars.length) this.deps.publish(key, bars);
  }
}

function splitKlineKey(key: string): { symbol: string; period: Period } | null {
  // kline:<symbol>:<period>; symbols contain '/', not ':'
  const i = key.lastIndexOf(':');
  const period = key.slice(i + 1);
  return key.startsWith(KLINE_PREFIX) && isPeriod(period)
    ? { symbol: key.slice(KLINE_PREFIX.length, i), period }
    : null;
}
