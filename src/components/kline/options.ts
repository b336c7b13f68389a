/**
 * How our K-line charts are built: chart options and the candle + volume pair, shared by
 * <KLineChart/> and the spare chart (spare.ts), so the spare runs the very code paths a chart
 * will.
 */
import {
  CandlestickSeries,
  HistogramSeries,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type PriceFormat,
  type PriceFormatCustom,
  type Time,
} from 'lightweight-charts';
import { groupNumber, type NumberMarks } from '../../../core';
import type { ChartTheme } from './theme';

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Users read times in their own zone; the chart works in UTC seconds. */
function localLabel(t: Time, withDate: boolean): string {
  const d = new Date((t as number) * 1000);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return withDate ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}` : hm;
}

/**
 * The price axis is at least this wide (px): the width lightweight-charts gives a grouped price of
 * five integer digits and two decimals in its 12 px font — 76 for "67,215.44" and "67.215,44", 74
 * for French "67 215,44" (a narrow space), 72 ungrouped. Without a floor the axis takes the width of
 * the widest label, so a chart adopting the spare (drawn at ~100.00, 60 px) or crossing a digit
 * resized its pane and axis canvases within the first draw — a forced layout and four bitmap
 * reallocations on a slow phone — and the candles jumped sideways. The labels are grouped as the
 * header's figures are, so the floor is the grouped width, 4 px of candles less than ungrouped
 * labels needed; wider labels (six integer digits: 82) still widen it.
 */
const PRICE_AXIS_MIN_WIDTH = 76;

/** How many labels a formatter keeps: a redraw formats ~30 (ticks, last value, the axis's width probes). */
const LABELS_KEPT = 64;

/**
 * A price label of the axis, the crosshair and the last value: the price rounded to `dp` decimals
 * (toFixed, as lightweight-charts' own formatter rounds), in the language's marks and with the
 * app's minus sign (core's groupNumber, as the header's figures and the indicator legend read:
 * the library's own price labels write U+2212, its volume labels "-").
 */
export function priceLabel(dp: number, marks: NumberMarks): (price: number) => string {
  return keptLabels((price) => {
    const plain = price.toFixed(dp);
    // -0.001 at 2 decimals reads 0.00, not -0.00
    return groupNumber(price < 0 && Number(plain) === 0 ? plain.slice(1) : plain, marks);
  });
}

/**
 * `label`, keeping the labels it made. A chart formats ~30 labels in each redraw (ticks, last
 * value, the axis's width probes), mostly for the same prices: no Intl, and the labels are kept
 * (two generations of up to LABELS_KEPT), so a redraw mostly looks them up — cheaper than the
 * library's own formatter, where grouping costs ~4× its toFixed.
 */
export function keptLabels(label: (price: number) => string): (price: number) => string {
  let kept = new Map<number, string>();
  let older = new Map<number, string>();
  return (price) => {
    let text = kept.get(price);
    if (text !== undefined) return text;
    text = older.get(price) ?? label(price);
    if (kept.size >= LABELS_KEPT) {
      older = kept;
      kept = new Map();
    }
    kept.set(price, text);
    return text;
  };
}

/** A series' price format: `dp` decimals, its labels in `marks` (a language switch re-applies it). */
export function priceFormatOf(dp: number, marks: NumberMarks): PriceFormatCustom {
  return { type: 'custom', minMove: 10 ** -dp, formatter: priceLabel(dp, marks) };
}

export function chartOptions(th: ChartTheme): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: { background: { color: th.bg }, textColor: th.text, attributionLogo: false },
    grid: { vertLines: { color: th.grid }, horzLines: { color: th.grid } },
    rightPriceScale: { borderVisible: false, minimumWidth: PRICE_AXIS_MIN_WIDTH },
    timeScale: { borderVisible: false, timeVisible: true, tickMarkFormatter: (time: Time) => localLabel(time, false) },
    localization: { timeFormatter: (time: Time) => localLabel(time, true) },
  };
}

/** Candles in the theme's up/down colours over a volume histogram in the bottom fifth. */
export function addCandles(c: IChartApi, th: ChartTheme, priceFormat: PriceFormat) {
  const main = c.addSeries(CandlestickSeries, {
    upColor: th.up,
    downColor: th.down,
    // The border is the body's colour, so the body alone draws the same pixels: with a border,
    // lightweight-charts fills each candle as four edge rectangles plus the body (5 fills, not 1)
    // in every redraw of the chart.
    borderVisible: false,
    wickUpColor: th.up,
    wickDownColor: th.down,
    priceFormat,
  });
  const volume = c.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'vol',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  c.priceScale('vol').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  main.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
  return { main, volume };
}

/** Recolours a chart and its main series for a theme (dark mode, the red-up setting). */
export function applyTheme(
  c: IChartApi,
  th: ChartTheme,
  main: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'> | null,
  line: boolean,
): void {
  c.applyOptions({
    layout: { background: { color: th.bg }, textColor: th.text },
    grid: { vertLines: { color: th.grid }, horzLines: { color: th.grid } },
  });
  if (!main) return;
  if (line) (main as ISeriesApi<'Line'>).applyOptions({ color: th.text });
  else
    (main as ISeriesApi<'Candlestick'>).applyOptions({
      upColor: th.up,
      downColor: th.down,
      wickUpColor: th.up,
      wickDownColor: th.down,
    });
}
