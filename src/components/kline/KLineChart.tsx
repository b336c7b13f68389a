/**
 * K-line chart: candlesticks + volume histogram, or the time-share close line ('time' period).
 * Fed by useChartFeed (history, then live bars through the guard); resizes with its box (autoSize);
 * disposed on unmount. The period switcher belongs to the page (see CHART_PERIODS). What it does to
 * the chart (setup, data, indicators) is chart-controller.ts; this is the view and its effects.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartFeed, useStreamStale } from '../../market';
import type { ChartSink } from '../../market/chart-feed';
import type { ChartBar, IndicatorSpec } from '../../market/types';
import { feedPeriod, type ChartPeriod } from './periods';
import { onTokensChange } from '../../styles/read-tokens';
import { noteChartHeight } from './spare';
import { useHeldFor } from '../../lib/useHeldFor';
import css from './KLineChart.module.css';
import { ChartController, wantsIndicators } from './chart-controller';
import type { IndicatorName } from '../../../core';
import { useNumberMarks } from '../number-marks';

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

/** A history that takes longer than this shows "Loading…" (held history answers in a few ms). */
const LOADING_NOTE_AFTER_MS = 250;

export function KLineChart({ symbol, period, height = 360, precision = 2, onBar, indicators }: KLineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLDivElement>(null);
  // A new chart is built when its first history lands, not at mount: lightweight-charts draws as
  // soon as it exists, and an empty chart drawn a frame before the bars arrive costs a whole chart
  // draw on a slow phone (bench/: ~50 ms at 4×). The spare chart is adopted at that point too.
  // Either way it then lives as long as the component.
  const ctl = useMemo(
    () =>
      new ChartController(
        () => box.current,
        () => legend.current,
      ),
    [],
  );
  const line = period === 'time';
  const marks = useNumberMarks();
  ctl.setProps({ line, precision, marks, onBar, indicators, src: { symbol, period: feedPeriod(period) } });

  useLayoutEffect(() => {
    noteChartHeight(height);
  }, [height]);

  useLayoutEffect(() => {
    const off = onTokensChange(() => ctl.recolour());
    return () => {
      off();
      ctl.dispose();
    };
  }, [ctl]);

  // A new mode or precision drops the series; the feed draws the history again (its redraw key
  // changes) and the draw builds the new ones.
  useLayoutEffect(() => () => ctl.dropSeries(), [ctl, line, precision]);

  // A language switch re-labels the prices on the chart as it is (applyOptions, no rebuild).
  useLayoutEffect(() => ctl.relabel(), [ctl, marks]);

  // New parameters for a shown indicator count as another choice (the worker keeps a track per parameter set).
  const specKey = indicators
    ? `${indicators.main}|${indicators.sub}|${JSON.stringify(indicators.params?.[indicators.main as IndicatorName] ?? null)}|${JSON.stringify(indicators.params?.[indicators.sub as IndicatorName] ?? null)}`
    : '';
  useLayoutEffect(() => ctl.indicatorsChanged(), [ctl, specKey]);

  // The series are rebuilt when the mode or precision changes: the feed must redraw them from history.
  // The indicators drawn (none on the time-share line) ride with the feed's bars.
  const sink = useRef<ChartSink>(ctl.sink);
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
