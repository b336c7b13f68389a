/**
 * K-line chart: candlesticks + volume histogram, or the time-share close line ('time' period).
 * Fed by useChartFeed (history, then live bars through the guard); resizes with its box (autoSize);
 * disposed on unmount. The period switcher belongs to the page (see CHART_PERIODS).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { loadHistory, useChartFeed, useStreamStale } from '../../market';
import type { ChartSink } from '../../market/chart-feed';
import type { ChartBar, HistoryPayload } from '../../market/types';
import { BarGuard } from './guard';
import { feedPeriod, type ChartPeriod } from './periods';
import { chartTheme, sameTheme, type ChartTheme } from './theme';
import { onTokensChange } from '../../styles/read-tokens';
import { addCandles, applyTheme, chartOptions } from './options';
import { adoptSpareChart, noteChartHeight, prepareSpareChart } from './spare';
import { whenIdle } from '../../lib/idle';
import { BarWindow } from './window';
import { useHeldFor } from '../../lib/useHeldFor';
import css from './KLineChart.module.css';
import { IndicatorLayer } from './indicator-layer';
import type { IndicatorSpec, PushedLines } from '../../market/types';
import type { IndicatorName } from '../../../core';

export { CHART_PERIODS, type ChartPeriod } from './periods';
export { pairChartHeight } from './size';

export interface KLineChartProps {
  symbol: string;
  period: ChartPeriod;
  /** px */
  height?: number;
  /** the pair's price decimals */
  precision?: number;
  /**
   * For an OHLC readout: called with the bar under the crosshair, or the newest bar when nothing
   * is hovered (null before the history arrives). At most once per snapshot or pointer move.
   */
  onBar?: (bar: ChartBar | null) => void;
  /** indicators to draw over the candles and in a sub-pane (computed by the worker); none when absent */
  indicators?: IndicatorSpec;
}

interface Series {
  main: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'> | null;
  line: boolean;
}

const ts = (t: number) => t as UTCTimestamp;

/** A history that takes longer than this shows "Loading…" (held history answers in a few ms). */
const LOADING_NOTE_AFTER_MS = 250;

export function KLineChart({ symbol, period, height = 360, precision = 2, onBar, indicators }: KLineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<Series | null>(null);
  const theme = useRef<ChartTheme | null>(null);
  const guard = useMemo(() => new BarGuard(), []);
  const line = period === 'time';
  // The readout: bars by time, the hovered time (null = follow the newest bar).
  const readout = useRef({ bars: new Map<number, ChartBar>(), last: 0, hovered: null as number | null, onBar });
  readout.current.onBar = onBar;
  const emitBar = () => {
    const r = readout.current;
    r.onBar?.(r.bars.get(r.hovered ?? r.last) ?? null);
  };

  // A new chart is built when its first history lands, not at mount: lightweight-charts draws as
  // soon as it exists, and an empty chart drawn a frame before the bars arrive costs a whole chart
  // draw on a slow phone (bench/: ~50 ms at 4×). The spare chart is adopted at that point too.
  // Either way it then lives as long as the component.
  const mode = useRef({ line, precision });
  mode.current = { line, precision };

  // Indicators (indicator-layer.ts): built with the candles, redrawn with each history, fed each diff.
  const layer = useRef<IndicatorLayer | null>(null);
  const legend = useRef<HTMLDivElement>(null);
  const ind = useRef({ spec: indicators, src: { symbol, period: feedPeriod(period) } });
  ind.current = { spec: indicators, src: { symbol, period: feedPeriod(period) } };
  const wantsIndicators = (sp: IndicatorSpec | undefined): sp is IndicatorSpec =>
    !!sp && (sp.main !== 'none' || sp.sub !== 'none');
  function indicatorsFrom(first: number | undefined): void {
    const sp = ind.current.spec;
    const c = chart.current;
    if (!c || !theme.current || mode.current.line || !wantsIndicators(sp) || first === undefined) return;
    layer.current ??= new IndicatorLayer(c, theme.current, sp, legend.current);
    void layer.current.redraw(ind.current.src, first);
  }

  /** Reports the bar under the crosshair to the readout, and scrolling back to the window. */
  function follow(c: IChartApi): void {
    c.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range) scrolledTo(range.from);
    });
    c.subscribeCrosshairMove((p) => {
      const r = readout.current;
      const next = p.time !== undefined && p.point ? (p.time as number) : null;
      layer.current?.legendAt(next);
      if (next === r.hovered || !r.onBar) return;
      r.hovered = next;
      emitBar();
    });
  }

  function ensureChart(): IChartApi | null {
    if (chart.current) return chart.current;
    const el = box.current;
    if (!el) return null;
    const th = chartTheme();
    theme.current = th;
    const c = createChart(el, chartOptions(th));
    chart.current = c;
    follow(c);
    return c;
  }

  const priceFormatOf = (dp: number) => ({ type: 'price' as const, precision: dp, minMove: 10 ** -dp });

  /**
   * Candles on a chart not built yet: adopt the spare chart the app drew while idle (spare.ts), if
   * there is one. Done when the history lands, like building one: moving it into the box at mount
   * measured slower (its style and layout then compete with the history's answer).
   */
  function adoptSpare(): Series | null {
    const el = box.current;
    if (chart.current || mode.current.line || !el) return null;
    const spare = adoptSpareChart(el);
    if (!spare) return null;
    const th = chartTheme();
    theme.current = th;
    chart.current = spare.chart;
    if (!sameTheme(th, spare.theme)) applyTheme(spare.chart, th, spare.main, false);
    const dp = mode.current.precision;
    if (dp !== spare.precision) spare.main.applyOptions({ priceFormat: priceFormatOf(dp) });
    follow(spare.chart);
    series.current = { main: spare.main, volume: spare.volume, line: false };
    guard.reset([]);
    return series.current;
  }

  /** The series for the current mode (candles or line) and price precision, built on first use. */
  function ensureSeries(): Series | null {
    if (series.current) return series.current;
    const adopted = adoptSpare();
    if (adopted) return adopted;
    const { line: asLine, precision: dp } = mode.current;
    const priceFormat = priceFormatOf(dp);
    const c = ensureChart();
    const th = theme.current;
    if (!c || !th) return null;
    let s: Series;
    if (asLine) {
      s = { main: c.addSeries(LineSeries, { color: th.text, lineWidth: 1, priceFormat }), volume: null, line: true };
    } else {
      const { main, volume } = addCandles(c, th, priceFormat);
      s = { main, volume, line: false };
    }
    series.current = s;
    guard.reset([]);
    return s;
  }

  useLayoutEffect(() => {
    noteChartHeight(height);
  }, [height]);

  useLayoutEffect(() => {
    // Theme switches (dark mode, red-up setting) change the tokens on <html>: recolour.
    const off = onTokensChange(() => {
      const c = chart.current;
      const next = chartTheme();
      if (!c || next === theme.current) return;
      theme.current = next;
      const s = series.current;
      applyTheme(c, next, s?.main ?? null, s?.line ?? false);
      layer.current?.setTheme(next);
    });
    return () => {
      off();
      series.current = null;
      // the chart takes its series and panes with it: the indicator layer must not remove them again
      layer.current = null;
      const c = chart.current;
      chart.current = null;
      c?.remove();
      // The next chart opened gets a spare again, built once the app is idle.
      if (c) whenIdle(() => void prepareSpareChart().catch(() => {}), 4000);
    };
  }, []);

  // A new mode or precision drops the series; the feed draws the history again (its redraw key
  // changes) and the draw builds the new ones.
  useLayoutEffect(
    () => () => {
      const s = series.current;
      const c = chart.current;
      series.current = null;
      if (c) layer.current?.clear(); // on unmount the chart is already gone (and its series with it)
      layer.current = null;
      if (s && c) {
        c.removeSeries(s.main);
        if (s.volume) c.removeSeries(s.volume);
      }
    },
    [line, precision],
  );

  // The bars the chart holds (window.ts), and the live bars since its history: a redraw of a
  // grown window starts from the history again, so they are applied on top of it.
  const held = useRef<{ win: BarWindow; since: Map<number, ChartBar>; fetching: boolean } | null>(null);

  /** The view's left edge moved: grow the window from known bars, or ask the worker for older ones. */
  function scrolledTo(from: number): void {
    const w = held.current;
    if (!w) return;
    if (w.win.scrolledTo(from)) return redrawWindow(w);
    const range = w.win.wantsOlder(from);
    const h = w.win.bars;
    if (!range || w.fetching) return;
    w.fetching = true;
    loadHistory(h.symbol, h.period, range).then(
      (older) => {
        w.fetching = false;
        // A new history (symbol, period, reload) replaced this window meanwhile: drop the answer.
        if (held.current === w && w.win.addOlder(older)) redrawWindow(w);
      },
      () => {
        w.fetching = false;
      },
    );
  }

  function redrawWindow(w: NonNullable<typeof held.current>): void {
    // Not scrollToRealTime: the user is looking at older bars.
    draw(w.win.bars, false);
    if (w.since.size) apply([...w.since.values()]);
  }

  const sink = useRef<ChartSink | null>(null);
  sink.current = {
    setHistory(h: HistoryPayload) {
      const w = { win: new BarWindow(h), since: new Map<number, ChartBar>(), fetching: false };
      held.current = w;
      draw(w.win.bars);
    },
    update(bars: ChartBar[], lines?: PushedLines) {
      const w = held.current;
      if (w) for (const b of bars) w.since.set(b.time, b);
      return apply(bars, lines);
    },
  };

  function draw(h: HistoryPayload, scroll = true): void {
    // updates held for the indicators' answer: this history has them (or replaces them)
    pending.current = [];
    const s = ensureSeries();
    const th = theme.current;
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
    guard.reset(h.time);
    indicatorsFrom(n ? h.time[0] : undefined);
    // To the newest bar at once: scrollToRealTime() animates for 400 ms, a full redraw every frame
    // (on a first paint, from where the chart already is: 24 redraws that change nothing).
    if (scroll) {
      const scale = chart.current?.timeScale();
      scale?.scrollToPosition(scale.options().rightOffset, false);
    }
    const r = readout.current;
    if (r.onBar) {
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
      emitBar();
    }
  }

  // Candle updates not drawn yet: with indicators shown they wait for the lines (see apply).
  const pending = useRef<(() => void)[]>([]);
  const drawPending = () => {
    const q = pending.current;
    pending.current = [];
    for (const f of q) f();
    if (q.length && readout.current.onBar) emitBar();
  };

  function apply(bars: ChartBar[], lines?: PushedLines): boolean {
    const s = series.current;
    const th = theme.current;
    if (!s || !th) return true;
    const r = readout.current;
    const applied = guard.apply(bars, {
      update(b, historical) {
        if (r.onBar) {
          r.bars.set(b.time, b);
          if (b.time > r.last) r.last = b.time;
        }
        pending.current.push(() => {
          // the series was rebuilt (candles ↔ line, precision) meanwhile: its history redraw has these bars
          if (series.current !== s) return;
          if (s.line) (s.main as ISeriesApi<'Line'>).update({ time: ts(b.time), value: b.close }, historical);
          else {
            (s.main as ISeriesApi<'Candlestick'>).update(
              { time: ts(b.time), open: b.open, high: b.high, low: b.low, close: b.close },
              historical,
            );
            s.volume?.update({ time: ts(b.time), value: b.volume, color: volColor(th, b.close >= b.open) }, historical);
          }
        });
      },
    });
    // With indicators, the candles are drawn with the lines (one redraw per diff, not two): the
    // lines the worker pushed with these bars, else the layer's answer to a request.
    const l = applied ? layer.current : null;
    if (!l) drawPending();
    else if (!lines || !l.push(lines, drawPending)) l.live(ind.current.src, drawPending);
    return applied;
  }

  // Another indicator choice: the old lines go, the new ones are drawn over the bars on the chart.
  // New parameters for a shown indicator count as another choice (the worker keeps a track per parameter set).
  const specKey = indicators
    ? `${indicators.main}|${indicators.sub}|${JSON.stringify(indicators.params?.[indicators.main as IndicatorName] ?? null)}|${JSON.stringify(indicators.params?.[indicators.sub as IndicatorName] ?? null)}`
    : '';
  useLayoutEffect(() => {
    const l = layer.current;
    const sp = ind.current.spec;
    if (l && wantsIndicators(sp)) l.setSpec(sp);
    else {
      l?.clear();
      layer.current = null;
    }
    const w = held.current;
    if (w) indicatorsFrom(w.win.bars.time[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [specKey]);

  // The series are rebuilt when the mode or precision changes: the feed must redraw them from history.
  // The indicators drawn (none on the time-share line) ride with the feed's bars.
  const pushed = !line && wantsIndicators(indicators) ? indicators : undefined;
  const feed = useChartFeed(symbol, feedPeriod(period), sink, `${line}|${precision}`, pushed, pushed ? specKey : '');
  const slow = useHeldFor(feed.loading, LOADING_NOTE_AFTER_MS);

  return (
    <div className={css.wrap} style={{ height }}>
      <div ref={box} className={css.chart} data-testid="kline-chart" />
      <div ref={legend} className={css.legend} data-testid="indicator-legend" aria-hidden />
      {slow && <Note text="common.loading" />}
      {feed.error && <Note text="kline.loadFailed" />}
      {!feed.loading && <StaleDot streamKey={feed.streamKey} />}
    </div>
  );
}

// The chart's notes are components of their own, rendered only when shown: translating and
// following the stale flag then cost the chart's first render nothing.

function Note({ text }: { text: string }) {
  const { t } = useTranslation();
  return <div className={css.note}>{t(text)}</div>;
}

/** Marks the chart while its stream is silent past its cadence; re-renders only when that flips. */
function StaleDot({ streamKey }: { streamKey: string }) {
  const { t } = useTranslation();
  const stale = useStreamStale(streamKey);
  return stale ? (
    <span className={css.stale} role="status" aria-label={t('kline.stale')} title={t('kline.stale')} />
  ) : null;
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
