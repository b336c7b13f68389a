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
  type Time,
} from 'lightweight-charts';
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
 * The price axis is at least this wide (px): the width lightweight-charts gives labels up to six
 * digits with two decimals (67091.13) in its 12 px font. Without a floor the axis takes the width of
 * the widest label, so a chart adopting the spare (drawn at ~100.00, 60 px) or crossing a digit
 * resized its pane and axis canvases within the first draw — a forced layout and four bitmap
 * reallocations on a slow phone — and the candles jumped sideways. Wider labels still widen it.
 */
const PRICE_AXIS_MIN_WIDTH = 72;

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
