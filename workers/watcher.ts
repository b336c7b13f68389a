import type { ChartBar, ChartView, IndicatorSpec, Snapshot, StreamStatus, TickerRow, WatchView } from './api-types';
import { klineChannel } from './channels/kline';
import type { RowLookup } from './channels/tickers';

/**
 * One screen's subscription: collects what changed for its view between two flushes and turns it
 * into one snapshot. Pure bookkeeping; the engine decides when to flush.
 */
export class Watcher {
  private symbols: Set<string> | 'all' = new Set();
  private chart: ChartView | undefined;
  private chartKeyValue: string | null = null;
  private pendingTickers = new Set<string>();
  private pendingBars = new Map<number, ChartBar>();
  /** set when the view turned to 'all': every known row is due */
  private pendingAll = false;
  private lastStatus = '';
  /** a snapshot was sent and the main thread has not finished with it: keep coalescing */
  inflight = false;

  constructor(
    readonly id: number,
    view: WatchView,
  ) {
    this.setView(view);
  }

  setView(view: WatchView): void {
    const before = this.symbols;
    this.symbols = view.symbols === 'all' ? 'all' : new Set(view.symbols);
    // Symbols that just came into view get their current row at the next flush.
    if (this.symbols === 'all') this.pendingAll = before !== 'all';
    else for (const s of this.symbols) if (before === 'all' || !before.has(s)) this.pendingTickers.add(s);
    const key = view.chart ? klineChannel(view.chart.symbol, view.chart.period) : null;
    if (key !== this.chartKeyValue) this.pendingBars.clear();
    this.chart = view.chart
      ? { symbol: view.chart.symbol, period: view.chart.period, indicators: view.chart.indicators }
      : undefined;
    this.chartKeyValue = key;
    this.lastStatus = '';
  }

  get chartKey(): string | null {
    return this.chartKeyValue;
  }

  /** the indicators the view's chart draws (their values ride with its bars), if any */
  get chartIndicators(): IndicatorSpec | undefined {
    return this.chart?.indicators;
  }

  /** The symbols this view names, or 'all'. */
  get tickerSymbols(): ReadonlySet<string> | 'all' {
    return this.symbols;
  }

  get wantsTickers(): boolean {
    return this.symbols === 'all' || this.symbols.size > 0;
  }

  wants(symbol: string): boolean {
    return this.symbols === 'all' || this.symbols.has(symbol);
  }

  /** Symbols named by the view, given every symbol known so far (for 'all'). */
  viewSymbols(known: Iterable<string>): Iterable<string> {
    return this.symbols === 'all' ? known : this.symbols;
  }

  /** something changed for this view since the last build */
  get dirty(): boolean {
    return this.pendingAll || this.pendingTickers.size > 0 || this.pendingBars.size > 0;
  }

  noteTickers(symbols: string[]): boolean {
    let any = false;
    for (const s of symbols)
      if (this.wants(s)) {
        this.pendingTickers.add(s);
        any = true;
      }
    return any;
  }

  noteBars(key: string, bars: ChartBar[]): boolean {
    if (key !== this.chartKeyValue || bars.length === 0) return false;
    for (const b of bars) this.pendingBars.set(b.time, b);
    return true;
  }

  /** The snapshot due now, or null when nothing changed for this view. */
  build(status: StreamStatus, rows: RowLookup): Snapshot | null {
    const statusKey = `${status.connected}|${status.stale.join(',')}`;
    const names = this.pendingAll ? rows.keys() : this.pendingTickers;
    const tickers: TickerRow[] = [];
    for (const s of names) {
      const r = rows.get(s);
      if (r) tickers.push(r);
    }
    const bars = [...this.pendingBars.values()].sort((a, b) => a.time - b.time);
    this.pendingAll = false;
    this.pendingTickers.clear();
    this.pendingBars.clear();
    if (!tickers.length && !bars.length && statusKey === this.lastStatus) return null;
    this.lastStatus = statusKey;
    const snap: Snapshot = { status };
    if (tickers.length) snap.tickers = tickers;
    if (bars.length && this.chart) snap.chart = { symbol: this.chart.symbol, period: this.chart.period, bars };
    return snap;
  }
}
