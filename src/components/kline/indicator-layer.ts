/**
 * The indicator lines of one K-line chart: the worker computes them (workers/indicators/, from
 * core's incremental formulas); this draws what it answers — price-pane lines (MA/EMA/BOLL) on the
 * candles, the sub indicator (VOL/MACD/KDJ/RSI) in a second pane, each pane's lines as one custom
 * series (lines-series.ts) — and writes the crosshair legend. Asked again on every live diff for
 * the bars from the newest drawn one on, so a tick costs the worker O(lines) and the main thread
 * one series update per pane.
 */
import type {
  IChartApi,
  IPriceFormatter,
  ISeriesApi,
  PriceFormatCustom,
  Time,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';
import { figureText, groupNumber, type NumberMarks } from '../../../core';
import { fetchIndicators } from '../../market/bridge';
import { putText } from '../../lib/dom-text';
import { afterNextPaint } from '../../lib/idle';
import type { IndicatorLines, IndicatorSpec, Period, PushedLines } from '../../market/types';
import type { ChartTheme } from './theme';
import { LinesPaneView, type LineLook, type LinesBar } from './lines-series';
import { keptLabels, priceFormatOf } from './options';

/** Line colours in the order of an indicator's lines (Binance's MA7 / MA25 / MA99 family). */
const PALETTE = ['#f0b90b', '#d04ed6', '#2f8fe6'];
const SUB_PANE_PX = 90;

type Pane = 'main' | 'sub';
/** A pane's series: its lines are the answer's lines `lines` (indexes), drawn as `view` says. */
interface PaneSeries {
  s: ISeriesApi<'Custom', Time, LinesBar | WhitespaceData>;
  view: LinesPaneView;
  lines: number[];
  /** the sub pane's labels (its own axis) in a language's marks; the main pane's axis is the candles' */
  labels?: (marks: NumberMarks) => PriceFormatCustom;
}

export interface LayerSource {
  symbol: string;
  period: Period;
}

export class IndicatorLayer {
  private series = new Map<Pane, PaneSeries>();
  private gen = 0;
  private newest = 0;
  private busy = false;
  private again = false;
  /** the values by time, for the legend */
  private byTime = new Map<number, number[]>();
  private names: { name: string; pane: 'main' | 'sub'; color: string }[] = [];
  /** the legend's span per line of `names` (empty: not built for this spec) */
  private spans: HTMLSpanElement[] = [];
  /**
   * The candles' own updates for the diff being answered, run in the same task as the lines: the
   * chart then redraws once per diff instead of twice (candles, then lines a worker round-trip
   * later) — the pair page's largest main-thread cost in the terminal bench.
   */
  private before: (() => void) | null = null;
  /** a live diff's legend is due after the chart's frame (legendSoon) */
  private legendDue = false;

  constructor(
    private readonly chart: IChartApi,
    private theme: ChartTheme,
    private spec: IndicatorSpec,
    private readonly legend: HTMLElement | null,
    private marks: NumberMarks,
  ) {}

  /** A language switch: the sub pane's axis and the legend in its marks. */
  relabel(marks: NumberMarks): void {
    if (marks === this.marks) return;
    this.marks = marks;
    for (const p of this.series.values()) if (p.labels) p.s.applyOptions({ priceFormat: p.labels(marks) });
    if (this.spans.length) this.legendAt(null);
  }

  setTheme(th: ChartTheme): void {
    this.theme = th;
    for (const p of this.series.values()) p.view.setSign(th);
  }

  /** A new spec: the old lines go; the caller redraws. */
  setSpec(spec: IndicatorSpec): void {
    this.spec = spec;
    this.clear();
  }

  clear(): void {
    this.drawBefore();
    this.gen++;
    for (const { s } of this.series.values()) this.chart.removeSeries(s);
    this.series.clear();
    this.byTime.clear();
    this.names = [];
    this.spans = [];
    if (this.chart.panes().length > 1) this.chart.removePane(1);
    if (this.legend) this.legend.textContent = '';
  }

  /** Everything again, for the bars from `from` (the first drawn candle) on. */
  async redraw(src: LayerSource, from: number): Promise<void> {
    const gen = ++this.gen;
    const r = await fetchIndicators(src.symbol, src.period, this.spec, from);
    if (gen !== this.gen || !r) return;
    this.byTime.clear();
    this.ensure(r);
    const n = r.time.length;
    for (const p of this.series.values()) {
      const data = new Array<LinesBar>(n);
      for (let i = 0; i < n; i++) data[i] = barOf(r, p.lines, i);
      p.s.setData(data);
    }
    r.lines.forEach((l, k) => {
      for (let i = 0; i < n; i++) this.remember(r.time[i], k, l.values[i]);
    });
    this.newest = n ? r.time[n - 1] : 0;
    if (this.chart.panes().length > 1) this.chart.panes()[1].setHeight(SUB_PANE_PX);
    this.legendAt(null);
  }

  /**
   * New live bars arrived: the values from the newest drawn bar on (one request in flight at a
   * time). `before` draws the candles of those bars: it runs right before the lines are updated
   * (or at once when the answer fails or is dropped), so both land in one chart redraw. A chart
   * whose feed pushes the lines with its bars (`push`) asks only when a pushed set does not fit.
   */
  live(src: LayerSource, before?: () => void): void {
    if (before) this.before = before;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    const gen = this.gen;
    fetchIndicators(src.symbol, src.period, this.spec, this.newest)
      .then((r) => {
        this.drawBefore();
        if (gen === this.gen && r) this.update(r);
      })
      .catch(() => {})
      .finally(() => {
        this.drawBefore();
        this.busy = false;
        if (this.again) {
          this.again = false;
          this.live(src);
        }
      });
  }

  /**
   * Lines the worker sent with the bars (`PushedLines`): drawn in this task, right after the
   * candles (`before`), so the diff costs one message and one redraw. false when they cannot be
   * used — computed for another spec, the history's lines not drawn yet, or a request in flight
   * (its answer may be older) — and nothing was drawn: the caller falls back to `live`.
   */
  push(r: PushedLines, before: () => void): boolean {
    if (this.busy || !this.series.size || !sameSpec(r.spec, this.spec)) return false;
    before();
    this.update(r);
    return true;
  }

  /** Live values on top of the drawn lines: from the newest drawn bar on. */
  private update(r: IndicatorLines): void {
    if (!this.series.size) return;
    const n = r.time.length;
    for (let i = 0; i < n; i++) {
      if (r.time[i] < this.newest) continue;
      for (const p of this.series.values()) p.s.update(barOf(r, p.lines, i));
      r.lines.forEach((l, k) => this.remember(r.time[i], k, l.values[i]));
    }
    if (n) this.newest = Math.max(this.newest, r.time[n - 1]);
    this.legendSoon();
  }

  /**
   * The legend of a live diff, written after the frame that redraws the lines: written with them,
   * its text was laid out and painted inside the chart's redraw, the pair page's longest task.
   */
  private legendSoon(): void {
    if (this.legendDue) return;
    this.legendDue = true;
    afterNextPaint(() => {
      this.legendDue = false;
      this.legendAt(null);
    });
  }

  private drawBefore(): void {
    const f = this.before;
    this.before = null;
    f?.();
  }

  /**
   * The legend for the bar at `time` (null: the newest). Called with every live diff and crosshair
   * move: its spans are built once per spec (`legendNodes`) and only their text is written, and
   * only when it changed — rebuilding the nodes each time re-laid out the chart block each second.
   */
  legendAt(time: number | null): void {
    const el = this.legend;
    if (!el) return;
    const v = this.byTime.get(time ?? this.newest);
    if (!v) {
      if (this.spans.length) el.textContent = '';
      this.spans = [];
      return;
    }
    if (!this.spans.length) this.legendNodes(el);
    this.names.forEach((n, k) => {
      const x = v[k];
      const text = `${n.name} ${Number.isFinite(x) ? fmt(x, this.marks) : '--'} `;
      // into the span's text node: a new node per change is a child list change to lay out again
      putText(this.spans[k] ?? null, text);
    });
  }

  /** One line per pane, one span per indicator line, coloured as its line. */
  private legendNodes(el: HTMLElement): void {
    el.textContent = '';
    this.spans = [];
    for (const pane of ['main', 'sub'] as const) {
      const line = document.createElement('div');
      this.names.forEach((n, k) => {
        if (n.pane !== pane) return;
        const span = document.createElement('span');
        span.style.color = n.color;
        line.appendChild(span);
        this.spans[k] = span;
      });
      if (line.childNodes.length) el.appendChild(line);
    }
  }

  private remember(time: number, k: number, value: number): void {
    let row = this.byTime.get(time);
    if (!row) this.byTime.set(time, (row = []));
    row[k] = value;
  }

  /** The series for the answer's lines, one per pane, built once per spec. */
  private ensure(r: IndicatorLines): void {
    if (this.series.size) return;
    const counts = { main: 0, sub: 0 };
    const looks = { main: [] as LineLook[], sub: [] as LineLook[] };
    const lines = { main: [] as number[], sub: [] as number[] };
    this.names = [];
    this.spans = [];
    r.lines.forEach((l, k) => {
      // MACD's bars take the sign's colour; VOL's are neutral
      const color =
        l.kind === 'hist'
          ? l.name === 'MACD'
            ? 'sign'
            : 'rgba(128,128,128,0.45)'
          : PALETTE[counts[l.pane]++ % PALETTE.length];
      looks[l.pane].push({ kind: l.kind, color });
      lines[l.pane].push(k);
      this.names.push({ name: l.name, pane: l.pane, color: color === 'sign' ? this.theme.text : color });
    });
    for (const pane of ['main', 'sub'] as const) {
      if (!lines[pane].length) continue;
      const view = new LinesPaneView(looks[pane], this.theme);
      // the pane's scale reads its first series' format: a histogram first (VOL, MACD) keeps the volume format
      const priceFormat = looks[pane][0].kind === 'hist' ? { type: 'volume' as const } : undefined;
      const s = this.chart.addCustomSeries(
        view,
        { priceLineVisible: false, lastValueVisible: false, ...(priceFormat ? { priceFormat } : {}) },
        pane === 'main' ? 0 : 1,
      );
      const labels = pane === 'sub' ? subLabels(s.priceFormatter(), !!priceFormat) : undefined;
      if (labels) s.applyOptions({ priceFormat: labels(this.marks) });
      this.series.set(pane, { s, view, lines: lines[pane], labels });
    }
  }
}

/**
 * The sub pane's axis labels in a language's marks: a histogram's (VOL, MACD) keep the library's
 * volume rule ("1.5K", its formatter `lib`) with the language's decimal mark; lines (KDJ, RSI) are
 * labelled as prices at 2 decimals, the library's default.
 */
function subLabels(lib: IPriceFormatter, volume: boolean): (marks: NumberMarks) => PriceFormatCustom {
  if (!volume) return (marks) => priceFormatOf(2, marks);
  return (marks) => ({
    type: 'custom',
    minMove: 0.01,
    formatter: keptLabels((x) => groupNumber(lib.format(x), marks)),
  });
}

/** Bar `i` of the pane whose lines are `lines` (indexes into the answer's): whitespace while none is defined. */
function barOf(r: IndicatorLines, lines: number[], i: number): LinesBar {
  const time = r.time[i] as UTCTimestamp;
  const values = lines.map((k) => r.lines[k].values[i]);
  return values.some(Number.isFinite) ? { time, values } : ({ time } as LinesBar);
}

/** Whether two specs draw the same lines (the one the worker computed, the one shown). */
function sameSpec(a: IndicatorSpec, b: IndicatorSpec): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Legend numbers: 4 significant decimals for small values, 2 for large — a readout, not money. */
/** An indicator's value at the decimals its size needs, in the language's marks (the one formatter's price rule). */
function fmt(x: number, marks: NumberMarks): string {
  const a = Math.abs(x);
  const dp = a >= 1000 ? 2 : a >= 1 ? 3 : 5;
  return figureText(x.toFixed(dp), 'price', dp, marks);
}
