/**
 * Feeds one chart: merged history first (setData), then live bars from snapshots. A generation
 * counter makes a symbol or period switch mid-load drop everything of the old series; bars that
 * arrive before the history has been drawn are held and applied after it.
 */
import { useLayoutEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { CONSTANTS } from '../../core/types/api';
import { applySnapshot, forgetWatch } from './store';
import { afterNextPaint } from '../lib/idle';
import { fetchHistory, openWatch } from './bridge';
import { klineKey, nextWatchKey } from './keys';
import { historyPrimer } from './history-prime';
import type { ChartBar, HistoryPayload, IndicatorSpec, Period, PushedLines } from './types';

export interface ChartSink {
  setHistory(h: HistoryPayload): void;
  /**
   * false: a bar could not be applied in place; the feed reloads the history. `lines`: the
   * indicators' values for these bars, pushed with them when the feed was given indicators.
   */
  update(bars: ChartBar[], lines?: PushedLines): boolean;
}

export interface ChartFeedState {
  loading: boolean;
  error: boolean;
  /** the chart's stream key in marketStore.stale */
  streamKey: string;
}

type LoadState = { loading: boolean; error: boolean };

/** the chart's first request leaves while it renders (history-prime.ts) */
const primer = historyPrimer(fetchHistory);

/**
 * One load generation of a chart's series: the history request and the live watch. Once retired
 * (`close`: the symbol, period or surface changed) every late answer or snapshot of it is dropped.
 */
function openSeries(
  symbol: string,
  period: Period,
  sink: RefObject<ChartSink | null>,
  indicators: IndicatorSpec | undefined,
  setState: Dispatch<SetStateAction<LoadState>>,
): { update: (spec: IndicatorSpec | undefined) => void; close: () => void } {
  let live = true;
  const current = () => live;
  const key = nextWatchKey();
  let drawn = false;
  let held: ChartBar[] = [];
  let loads = 0;

  const load = () => {
    const mine = ++loads;
    drawn = false;
    held = [];
    // Mounting is already loading: keeping the state object skips a render in the mount commit.
    setState((s) => (s.loading && !s.error ? s : { loading: true, error: false }));
    (mine === 1 ? primer.take(symbol, period) : fetchHistory(symbol, period)).then(
      (h) => {
        if (!current() || !sink.current) return;
        sink.current.setHistory(h);
        drawn = true;
        const late = held;
        held = [];
        // After the frame that shows the history: the render it causes changes nothing in that
        // frame (a loading note appears only after 250 ms), and on a slow phone it delayed it.
        afterNextPaint(() => {
          if (current() && mine === loads) setState({ loading: false, error: false });
        });
        if (late.length && !sink.current.update(late)) load();
      },
      () => {
        if (current()) setState({ loading: false, error: true });
      },
    );
  };

  const viewOf = (ind: IndicatorSpec | undefined) => ({
    symbols: [],
    chart: { symbol, period, ...(ind ? { indicators: ind } : {}) },
    throttleMs: CONSTANTS.chartSnapshotMs,
  });
  const handle = openWatch(viewOf(indicators), (snap) => {
    if (!current()) return;
    applySnapshot(key, snap);
    const c = snap.chart;
    if (!c || c.symbol !== symbol || c.period !== period) return;
    // bars held for the history: their lines come with the history's indicators
    if (!drawn) held.push(...c.bars);
    else if (sink.current && !sink.current.update(c.bars, c.lines)) load();
  });
  load();

  return {
    update: (ind) => handle.update(viewOf(ind)),
    close: () => {
      live = false;
      handle.close();
      forgetWatch(key);
    },
  };
}

/**
 * `redrawKey`: change it when the sink's drawing surface was rebuilt (e.g. candles ↔ line) so the
 * history is drawn again. `indicators`: what the chart draws over its bars — the worker then sends
 * their values with each diff (`PushedLines`); `indicatorsKey` names that spec (a changed key
 * updates the watch, it reloads nothing).
 */
export function useChartFeed(
  symbol: string,
  period: Period,
  sink: RefObject<ChartSink | null>,
  redrawKey: unknown = null,
  indicators?: IndicatorSpec,
  indicatorsKey = '',
): ChartFeedState {
  const [state, setState] = useState<LoadState>({ loading: true, error: false });
  // Once per series the chart shows: the request leaves now, before the commit (history-prime.ts).
  const primedFor = useRef('');
  const seriesKey = klineKey(symbol, period);
  if (primedFor.current !== seriesKey) {
    primedFor.current = seriesKey;
    primer.prime(symbol, period);
  }
  const spec = useRef(indicators);
  spec.current = indicators;
  const watch = useRef<{ update: (spec: IndicatorSpec | undefined) => void } | null>(null);
  // A layout effect: the history request leaves in the commit that mounts the chart, so the worker
  // answers while the page is still committing instead of a frame later.
  useLayoutEffect(() => {
    // This run is one load generation: its cleanup retires it.
    const series = openSeries(symbol, period, sink, spec.current, setState);
    watch.current = series;
    return () => {
      series.close();
      watch.current = null;
    };
  }, [symbol, period, sink, redrawKey]);

  // Another indicator choice: the same watch, asking for the new lines (the chart redraws them from history).
  const firstKey = useRef(indicatorsKey);
  useLayoutEffect(() => {
    if (firstKey.current === indicatorsKey) return;
    firstKey.current = indicatorsKey;
    watch.current?.update(spec.current);
  }, [indicatorsKey]);

  return { ...state, streamKey: klineKey(symbol, period) };
}
