/**
 * The spare chart: one candle chart built like ours (options.ts), drawn a few times while the app
 * is idle, then emptied and parked out of sight; the next <KLineChart/> that shows candles adopts
 * it instead of building one. A chart's first paint otherwise pays for lightweight-charts running
 * its drawing code for the first times (compiling, then re-optimising it), for building the
 * chart's DOM and canvases and for measuring fonts — on a 4× throttled phone that is most of it
 * (bench/: a fresh chart's first draw after one warm-up draw ≈ 140 ms, the third ≈ 50 ms). Costs
 * a few chart draws of idle time and one hidden chart's canvases while parked.
 */
import { createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { addCandles, chartOptions, priceFormatOf } from './options';
import { currentNumberMarks } from '../number-marks';
import type { NumberMarks } from '../../../core';
import { chartTheme, type ChartTheme } from './theme';
import { afterNextPaint } from '../../lib/idle';
import { pairChartHeight } from './size';

export interface CandleChart {
  /** the element the chart lives in: moved into the adopting component's box */
  host: HTMLDivElement;
  chart: IChartApi;
  main: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  /** what it was built with: an adopter re-applies only what differs (each apply redraws) */
  theme: ChartTheme;
  precision: number;
  /** the language's marks its price labels were built in */
  marks: NumberMarks;
}

/**
 * Parked: never painted, laid out full width at the height of the chart the user is likely to open
 * next — the last one shown, or the pair view's before any — because adopting a chart of another
 * size costs a resize and a redraw (bench/: ~30 ms at 4×).
 */
const PARKED =
  'position:fixed;left:0;top:0;width:100vw;visibility:hidden;pointer-events:none;z-index:-1;contain:strict';
let parkedHeight: number | null = null;

/** A chart of this height was shown: park the next spare at it. */
export function noteChartHeight(px: number): void {
  parkedHeight = px;
}
/** Adopted: fills the component's box, as a chart built there would. */
const ADOPTED = 'position:absolute;inset:0';
/** Warm-up draws: the first few draws of lightweight-charts' code are the slow ones. */
const DRAWS = 4;
const BARS = 300;

let spare: CandleChart | null = null;
let building: Promise<void> | null = null;

function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}

/** Builds the spare if there is none (idempotent); resolves once it is parked. */
export function prepareSpareChart(): Promise<void> {
  if (spare) return Promise.resolve();
  building ??= build().finally(() => {
    building = null;
  });
  return building;
}

async function build(): Promise<void> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = PARKED;
  host.style.height = `${parkedHeight ?? pairChartHeight()}px`;
  document.body.appendChild(host);
  const th = chartTheme();
  const chart = createChart(host, chartOptions(th));
  const precision = 2;
  const marks = currentNumberMarks();
  const { main, volume } = addCandles(chart, th, priceFormatOf(precision, marks));
  try {
    // A screen of plausible bars, then live updates: the paths a chart on screen runs.
    const end = (Math.floor(Date.now() / 60_000) * 60) as UTCTimestamp;
    const bars = Array.from({ length: BARS }, (_, i) => {
      const open = 100 + Math.sin(i / 7) * 5;
      return {
        time: (end - (BARS - 1 - i) * 60) as UTCTimestamp,
        open,
        high: open + 2,
        low: open - 2,
        close: open + Math.cos(i / 3),
      };
    });
    main.setData(bars);
    volume.setData(bars.map((b) => ({ time: b.time, value: 10 + (b.close > b.open ? 5 : 2) })));
    await nextPaint();
    for (let k = 1; k < DRAWS; k++) {
      main.update({ time: end, open: 100, high: 103 + k, low: 98, close: 101 + k });
      volume.update({ time: end, value: 12 + k });
      await nextPaint();
    }
    // Parked empty: an adopted chart never shows these bars, even if its history fails.
    main.setData([]);
    volume.setData([]);
    spare = { host, chart, main, volume, theme: th, precision, marks };
  } catch (e) {
    chart.remove();
    host.remove();
    throw e;
  }
}

/**
 * The spare ahead of the first chart (src/pages/market/spareAhead.ts): none once a chart was shown, since a
 * chart on screen has warm code and closing it builds one.
 */
export function prepareSpareChartAhead(): Promise<void> {
  return parkedHeight === null ? prepareSpareChart() : Promise.resolve();
}

/**
 * The spare, moved into `box` (it fills it and sizes itself to it), or null when there is none;
 * the caller owns it from then on (and removes it). A new spare is built the next time the app
 * is idle after a chart is gone (`releaseChart`).
 */
export function adoptSpareChart(box: HTMLElement): CandleChart | null {
  const s = spare;
  if (!s) return null;
  spare = null;
  s.host.style.cssText = ADOPTED;
  s.host.removeAttribute('aria-hidden');
  box.appendChild(s.host);
  return s;
}
