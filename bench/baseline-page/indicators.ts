/**
 * The naive terminal's indicators (`?ind=boll,macd`), as a straightforward app adds them: on the
 * main thread, every kline message recomputes BOLL on the candles and MACD in a pane below over the
 * whole history kept (the batch functions of core/indicators, the same maths as ours), then updates
 * the last point of each line. Ours computes them in the market worker as bars arrive.
 */
import { HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { boll, macd, type IndicatorBar } from '../../core/indicators';

export interface NaiveIndicators {
  /** every bar as drawn so far (the last one the open bar) */
  setAll(times: number[], bars: IndicatorBar[]): void;
  /** the open bar changed or a new one opened: recompute everything, draw the last point */
  update(times: number[], bars: IndicatorBar[]): void;
}

/** `spec` as the query string gives it (`boll,macd`); only BOLL and MACD are drawn, others are ignored. */
export function naiveIndicators(c: IChartApi, spec: string): NaiveIndicators {
  const [main, sub] = spec.split(',');
  const line = (color: string, pane = 0): ISeriesApi<'Line'> =>
    c.addSeries(LineSeries, { color, lineWidth: 1, lastValueVisible: false, priceLineVisible: false }, pane);
  const bands = main === 'boll' ? [line('#f0b90b'), line('#8e44ad'), line('#2980b9')] : [];
  const lines = sub === 'macd' ? [line('#f0b90b', 1), line('#8e44ad', 1)] : [];
  const hist: ISeriesApi<'Histogram'> | null =
    sub === 'macd' ? c.addSeries(HistogramSeries, { lastValueVisible: false, priceLineVisible: false }, 1) : null;
  const at = (t: number) => t as UTCTimestamp;
  const compute = (bars: IndicatorBar[]) => ({
    b: bands.length ? boll(bars) : [],
    m: lines.length ? macd(bars) : [],
  });
  const point = (t: number, v: number) => (Number.isFinite(v) ? { time: at(t), value: v } : { time: at(t) });
  return {
    setAll(times, bars) {
      const { b, m } = compute(bars);
      if (bands.length)
        (['upper', 'mid', 'lower'] as const).forEach((k, i) =>
          bands[i].setData(times.map((t, j) => point(t, b[j][k]))),
        );
      if (hist) {
        lines[0].setData(times.map((t, j) => point(t, m[j].dif)));
        lines[1].setData(times.map((t, j) => point(t, m[j].dea)));
        hist.setData(times.map((t, j) => point(t, m[j].hist)));
      }
    },
    update(times, bars) {
      const { b, m } = compute(bars);
      const j = bars.length - 1;
      const t = times[j];
      if (bands.length) (['upper', 'mid', 'lower'] as const).forEach((k, i) => bands[i].update(point(t, b[j][k])));
      if (hist) {
        lines[0].update(point(t, m[j].dif));
        lines[1].update(point(t, m[j].dea));
        hist.update(point(t, m[j].hist));
      }
    },
  };
}
