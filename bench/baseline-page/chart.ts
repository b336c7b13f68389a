/**
 * The baselines' chart, as a straightforward app draws it: lightweight-charts candles + volume,
 * history from /currency/new_timeshar, then series.update per kline message on the main thread;
 * with `ind` (`boll,macd`) also those indicators, recomputed per message (indicators.ts).
 */
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../../core/types/market';
import type { BenchCollector } from '../browser/pages/collector';
import { naiveIndicators } from './indicators';

/** Draws into `el`; returns the kline handler (a no-op until the history is in) and a disposer. */
export function baselineChart(
  el: HTMLElement,
  symbol: string,
  bench: BenchCollector,
  ind = '',
): { onKline: (k: Candle) => void; remove: () => void } {
  const c = createChart(el, { autoSize: true, layout: { attributionLogo: false }, timeScale: { timeVisible: true } });
  const main: ISeriesApi<'Candlestick'> = c.addSeries(CandlestickSeries, {
    upColor: '#0ecb81',
    downColor: '#f6465d',
    wickUpColor: '#0ecb81',
    wickDownColor: '#f6465d',
    borderVisible: false,
  });
  const vol: ISeriesApi<'Histogram'> = c.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'vol',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  c.priceScale('vol').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const bar = (k: Candle) => ({
    time: Math.floor(k.time / 1000) as UTCTimestamp,
    open: +k.open,
    high: +k.high,
    low: +k.low,
    close: +k.close,
  });
  const vbar = (k: Candle) => ({
    time: Math.floor(k.time / 1000) as UTCTimestamp,
    value: +k.volume,
    color: +k.close >= +k.open ? 'rgba(14,203,129,.5)' : 'rgba(246,70,93,.5)',
  });
  const indicators = ind ? naiveIndicators(c, ind) : null;
  // what the indicators are computed from: every bar drawn, the last one the open bar
  const times: number[] = [];
  const bars: { high: number; low: number; close: number; volume: number }[] = [];
  const keep = (k: Candle) => {
    const t = Math.floor(k.time / 1000);
    const b = { high: +k.high, low: +k.low, close: +k.close, volume: +k.volume };
    if (times.at(-1) === t) bars[bars.length - 1] = b;
    else {
      times.push(t);
      bars.push(b);
    }
  };
  let ready = false;
  let lastTime = 0;
  const now = Math.floor(Date.now() / 1000);
  void fetch(
    `/api/currency/new_timeshar?symbol=${encodeURIComponent(symbol)}&period=1min&from=${now - 1500 * 60}&to=${now}`,
  )
    .then((r) => r.json())
    .then((b: { data: Candle[] }) => {
      const cs = b.data;
      main.setData(cs.map(bar));
      vol.setData(cs.map(vbar));
      if (indicators) {
        cs.forEach(keep);
        indicators.setAll(times, bars);
      }
      lastTime = cs.length ? Math.floor(cs[cs.length - 1].time / 1000) : 0;
      ready = true;
      bench.mark('chartSetData');
      requestAnimationFrame(() => setTimeout(() => bench.mark('chartPaint'), 0));
    });
  return {
    onKline(k) {
      if (!ready) return;
      const t = Math.floor(k.time / 1000);
      if (t < lastTime) return;
      lastTime = t;
      const t0 = performance.now();
      main.update(bar(k));
      vol.update(vbar(k));
      if (indicators) {
        keep(k);
        indicators.update(times, bars);
      }
      bench.chartUpdate(performance.now() - t0);
    },
    remove: () => c.remove(),
  };
}
