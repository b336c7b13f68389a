/**
 * What KLineChart does to its lightweight-charts chart, outside React: building the chart and its
 * series (setup), drawing history and live bars into them (data), and the indicator layer over
 * them (indicators). The component keeps one controller for its life and hands it the props of each
 * render; the controller holds what the component once kept in refs.
 */
import { createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { loadHistory } from '../../market';
import type { ChartSink } from '../../market/chart-feed';
import type { ChartBar, HistoryPayload, IndicatorSpec, PushedLines } from '../../market/types';
import { PLAIN_MARKS, type NumberMarks, type Period } from '../../../core';
import { BarGuard } from './guard';
import { chartTheme, sameTheme, type ChartTheme } from './theme';
import { addCandles, applyTheme, chartOptions, priceFormatOf } from './options';
import { adoptSpareChart, prepareSpareChart } from './spare';
import { afterNextPaint, whenIdle } from '../../lib/idle';
import { BarWindow, trimTo } from './window';
import { IndicatorLayer } from './indicator-layer';

interface Series {
  main: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'> | null;
  line: boolean;
  /** the marks its price labels are in */
  marks: NumberMarks;
}

/** The bars the chart holds (window.ts), and the live bars since its history. */
interface Held {
  win: BarWindow;
  since: Map<number, ChartBar>;
  fetching: boolean;
}

/** What each render hands the controller. */
export interface ChartProps {
  line: boolean;
  precision: number;
  /** the language's number marks, for the price labels (axis, crosshair, last value) */
  marks: NumberMarks;
  onBar?: (bar: ChartBar | null) => void;
  indicators?: IndicatorSpec;
  src: { symbol: string; period: Period };
}

const ts = (t: number) => t as UTCTimestamp;

export const wantsIndicators = (sp: IndicatorSpec | undefined): sp is IndicatorSpec =>
  !!sp && (sp.main !== 'none' || sp.sub !== 'none');

export class ChartController {
  private chart: IChartApi | null = null;
  private series: Series | null = null;
  private theme: ChartTheme | null = null;
  private layer: IndicatorLayer | null = null;
  private readonly guard = new BarGuard();
  /** the readout: bars by time, the hovered time (null = follow the newest bar; the crosshair's, with a readout or not) */
  private readonly readout = { bars: new Map<number, ChartBar>(), last: 0, hovered: null as number | null };
  /** a redraw of a grown window starts from the history again, so the live bars since are applied on top */
  private held: Held | null = null;
  /** candle updates not drawn yet: with indicators shown they wait for the lines (see apply) */
  private pending: (() => void)[] = [];
  /** the readout of a live diff is due after the chart's frame (see drawPending) */
  private readoutDue = false;
  private props: ChartProps = { line: false, precision: 2, marks: PLAIN_MARKS, src: { symbol: '', period: '1min' } };

  constructor(
    private readonly box: () => HTMLDivElement | null,
    private readonly legend: () => HTMLDivElement | null,
  ) {}

  /** The feed's sink: a new history replaces the window; live bars are kept for its redraws. */
  readonly sink: ChartSink = {
    setHistory: (h: HistoryPayload) => {
      const w = { win: new BarWindow(h), since: new Map<number, ChartBar>(), fetching: false };
      this.held = w;
      this.draw(w.win.bars);
    },
    update: (bars: ChartBar[], lines?: PushedLines) => {
      const w = this.held;
      if (w) for (const b of bars) w.since.set(b.time, b);
      if (w && this.trimmed(w, bars)) return true;
      return this.apply(bars, lines);
    },
  };

  setProps(p: ChartProps): void {
    this.props = p;
  }

  private emitBar(): void {
    const r = this.readout;
    this.props.onBar?.(r.bars.get(r.hovered ?? r.last) ?? null);
  }

  // ── setup ──

  /** Reports the bar under the crosshair to the readout, and scrolling back to the window. */
  private follow(c: IChartApi): void {
    c.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range) this.scrolledTo(range.from);
    });
    c.subscribeCrosshairMove((p) => {
      const r = this.readout;
      const next = p.time !== undefined && p.point ? (p.time as number) : null;
      this.layer?.legendAt(next);
      if (next === r.hovered) return;
      // kept without a readout too: a held crosshair also holds the bars (trimmed)
      r.hovered = next;
      if (this.props.onBar) this.emitBar();
    });
  }

  private ensureChart(): IChartApi | null {
    if (this.chart) return this.chart;
    const el = this.box();
    if (!el) return null;
    const th = chartTheme();
    this.theme = th;
    const c = createChart(el, chartOptions(th));
    this.chart = c;
    this.follow(c);
    return c;
  }

  /**
   * Candles on a chart not built yet: adopt the spare chart the app drew while idle (spare.ts), if
   * there is one. Done when the history lands, like building one: moving it into the box at mount
   * measured slower (its style and layout then compete with the history's answer).
   */
  private adoptSpare(): Series | null {
    const el = this.box();
    if (this.chart || this.props.line || !el) return null;
    const spare = adoptSpareChart(el);
    if (!spare) return null;
    const th = chartTheme();
    this.theme = th;
    this.chart = spare.chart;
    if (!sameTheme(th, spare.theme)) applyTheme(spare.chart, th, spare.main, false);
    const { precision: dp, marks } = this.props;
    if (dp !== spare.precision || marks !== spare.marks)
      spare.main.applyOptions({ priceFormat: priceFormatOf(dp, marks) });
    this.follow(spare.chart);
    this.series = { main: spare.main, volume: spare.volume, line: false, marks };
    this.guard.reset([]);
    return this.series;
  }

  /** The series for the current mode (candles or line) and price precision, built on first use. */
  private ensureSeries(): Series | null {
    if (this.series) return this.series;
    const adopted = this.adoptSpare();
    if (adopted) return adopted;
    const { line: asLine, precision: dp, marks } = this.props;
    const priceFormat = priceFormatOf(dp, marks);
    const c = this.ensureChart();
    const th = this.theme;
    if (!c || !th) return null;
    let s: Series;
    if (asLine) {
      const main = c.addSeries(LineSeries, { color: th.text, lineWidth: 1, priceFormat });
      s = { main, volume: null, line: true, marks };
    } else {
      const { main, volume } = addCandles(c, th, priceFormat);
      s = { main, volume, line: false, marks };
    }
    this.series = s;
    this.guard.reset([]);
    return s;
  }

  /** Theme switches (dark mode, red-up setting) change the tokens on <html>: recolour. */
  recolour(): void {
    const c = this.chart;
    const next = chartTheme();
    if (!c || next === this.theme) return;
    this.theme = next;
    const s = this.series;
    applyTheme(c, next, s?.main ?? null, s?.line ?? false);
    this.layer?.setTheme(next);
  }

  /**
   * A language switch: the price labels (and the indicators' sub-pane axis and legend) in its marks,
   * on the chart as it is — one options change and one redraw, nothing rebuilt.
   */
  relabel(): void {
    const s = this.series;
    const { precision: dp, marks } = this.props;
    if (s && s.marks !== marks) {
      s.marks = marks;
      s.main.applyOptions({ priceFormat: priceFormatOf(dp, marks) });
    }
    this.layer?.relabel(marks);
  }

  /** Unmount: the chart goes, and the next chart opened gets a spare again, built once the app is idle. */
  dispose(): void {
    this.series = null;
    // the chart takes its series and panes with it: the indicator layer must not remove them again
    this.layer = null;
    const c = this.chart;
    this.chart = null;
    c?.remove();
    if (c) whenIdle(() => void prepareSpareChart().catch(() => {}), 4000);
  }

  /** A new mode or precision: the series go; the feed draws the history again and the draw builds new ones. */
  dropSeries(): void {
    const s = this.series;
    const c = this.chart;
    this.series = null;
    if (c) this.layer?.clear(); // on unmount the chart is already gone (and its series with it)
    this.layer = null;
    if (s && c) {
      c.removeSeries(s.main);
      if (s.volume) c.removeSeries(s.volume);
    }
  }

  // ── data ──

  /** The view's left edge moved: grow the window from known bars, or ask the worker for older ones. */
  private scrolledTo(from: number): void {
    const w = this.held;
    if (!w) return;
    if (w.win.scrolledTo(from)) return this.redrawWindow(w);
    const range = w.win.wantsOlder(from);
    const h = w.win.bars;
    if (!range || w.fetching) return;
    w.fetching = true;
    loadHistory(h.symbol, h.period, range).then(
      (older) => {
        w.fetching = false;
        // A new history (symbol, period, reload) replaced this window meanwhile: drop the answer.
        if (this.held === w && w.win.addOlder(older)) this.redrawWindow(w);
      },
      () => {
        w.fetching = false;
      },
    );
  }

  /**
   * A chart following the live bars holds one more each period, and lightweight-charts redraws
   * every held bar on each update: once it holds `WINDOW.trimSlack` more than the view needs, a new
   * bar draws it again from its newest bars (one setData, the view at the newest bar as before).
   * Not while the user looks back (scrolled, or holding the crosshair): the bars they see stay.
   */
  private trimmed(w: Held, bars: ChartBar[]): boolean {
    const last = this.guard.lastTime;
    const scale = this.chart?.timeScale();
    if (!scale || last === null || this.readout.hovered !== null || !bars.some((b) => b.time > last)) return false;
    const range = scale.getVisibleLogicalRange();
    if (!range || scale.scrollPosition() < scale.options().rightOffset - 0.5) return false;
    const keep = trimTo(this.guard.size + 1, range.to - range.from);
    if (keep === null) return false;
    const next: Held = { win: w.win.withLive(w.since.values(), keep), since: new Map(), fetching: false };
    this.held = next;
    this.draw(next.win.bars);
    return true;
  }

  private redrawWindow(w: Held): void {
    // Not scrollToRealTime: the user is looking at older bars.
    this.draw(w.win.bars, false);
    if (w.since.size) this.apply([...w.since.values()]);
  }

  private draw(h: HistoryPayload, scroll = true): void {
    // updates held for the indicators' answer: this history has them (or replaces them)
    this.pending = [];
    const s = this.ensureSeries();
    const th = this.theme;
    if (!s || !th) return;
    const n = h.time.length;
    if (s.line) {
      const data = new Array(n);
      for (let i = 0; i < n; i++) data[i] = { time: ts(h.time[i]), value: h.close[i] };
      (s.main as ISeriesApi<'Line'>).setData(data);
    } else {
      const candles = new Array(n);
      const vols = new Array(n);
      for (let i = 0; i < n; i++) {
        candles[i] = { time: ts(h.time[i]), open: h.open[i], high: h.high[i], low: h.low[i], close: h.close[i] };
        vols[i] = { time: ts(h.time[i]), value: h.volume[i], color: volColor(th, h.close[i] >= h.open[i]) };
      }
      (s.main as ISeriesApi<'Candlestick'>).setData(candles);
      s.volume?.setData(vols);
    }
    this.guard.reset(h.time);
    this.indicatorsFrom(n ? h.time[0] : undefined);
    // To the newest bar at once: scrollToRealTime() animates for 400 ms, a full redraw every frame
    // (on a first paint, from where the chart already is: 24 redraws that change nothing).
    if (scroll) {
      const scale = this.chart?.timeScale();
      scale?.scrollToPosition(scale.options().rightOffset, false);
    }
    if (this.props.onBar) this.readHistory(h);
  }

  /** The readout's bars become this history's, and it shows the newest (or the hovered) one. */
  private readHistory(h: HistoryPayload): void {
    const r = this.readout;
    const n = h.time.length;
    r.bars.clear();
    for (let i = 0; i < n; i++)
      r.bars.set(h.time[i], {
        time: h.time[i],
        open: h.open[i],
        high: h.high[i],
        low: h.low[i],
        close: h.close[i],
        volume: h.volume[i],
      });
    r.last = n ? h.time[n - 1] : 0;
    this.emitBar();
  }

  /**
   * The candle updates, and the readout after the frame that draws them: its text, written here,
   * was laid out and painted inside the chart's redraw frame, the pair page's longest task.
   */
  private readonly drawPending = (): void => {
    const q = this.pending;
    this.pending = [];
    for (const f of q) f();
    if (!q.length || !this.props.onBar || this.readoutDue) return;
    this.readoutDue = true;
    afterNextPaint(() => {
      this.readoutDue = false;
      this.emitBar();
    });
  };

  private apply(bars: ChartBar[], lines?: PushedLines): boolean {
    const s = this.series;
    const th = this.theme;
    if (!s || !th) return true;
    const r = this.readout;
    const applied = this.guard.apply(bars, {
      update: (b, historical) => {
        if (this.props.onBar) {
          r.bars.set(b.time, b);
          if (b.time > r.last) r.last = b.time;
        }
        this.pending.push(() => {
          // the series was rebuilt (candles ↔ line, precision) meanwhile: its history redraw has these bars
          if (this.series !== s) return;
          updateSeries(s, th, b, historical);
        });
      },
    });
    // With indicators, the candles are drawn with the lines (one redraw per diff, not two): the
    // lines the worker pushed with these bars, else the layer's answer to a request.
    const l = applied ? this.layer : null;
    if (!l) this.drawPending();
    else if (!lines || !l.push(lines, this.drawPending)) l.live(this.props.src, this.drawPending);
    return applied;
  }

  // ── indicators (indicator-layer.ts): built with the candles, redrawn with each history, fed each diff ──

  private indicatorsFrom(first: number | undefined): void {
    const sp = this.props.indicators;
    const c = this.chart;
    if (!c || !this.theme || this.props.line || !wantsIndicators(sp) || first === undefined) return;
    this.layer ??= new IndicatorLayer(c, this.theme, sp, this.legend(), this.props.marks);
    void this.layer.redraw(this.props.src, first);
  }

  /** Another indicator choice: the old lines go, the new ones are drawn over the bars on the chart. */
  indicatorsChanged(): void {
    const l = this.layer;
    const sp = this.props.indicators;
    if (l && wantsIndicators(sp)) l.setSpec(sp);
    else {
      l?.clear();
      this.layer = null;
    }
    const w = this.held;
    if (w) this.indicatorsFrom(w.win.bars.time[0]);
  }
}

function updateSeries(s: Series, th: ChartTheme, b: ChartBar, historical: boolean): void {
  if (s.line) (s.main as ISeriesApi<'Line'>).update({ time: ts(b.time), value: b.close }, historical);
  else {
    (s.main as ISeriesApi<'Candlestick'>).update(
      { time: ts(b.time), open: b.open, high: b.high, low: b.low, close: b.close },
      historical,
    );
    s.volume?.update({ time: ts(b.time), value: b.volume, color: volColor(th, b.close >= b.open) }, historical);
  }
}

/** Volume bars: the candle colours at half strength; computed once per theme, not per bar. */
const volColors = new WeakMap<ChartTheme, { up: string; down: string }>();
function volColor(th: ChartTheme, up: boolean): string {
  let c = volColors.get(th);
  if (!c) volColors.set(th, (c = { up: withAlpha(th.up, 0.5), down: withAlpha(th.down, 0.5) }));
  return up ? c.up : c.down;
}

/** #rrggbb → rgba with alpha; anything else is returned as is. */
function withAlpha(color: string, a: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a})`;
}
