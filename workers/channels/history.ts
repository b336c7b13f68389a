/**
 * REST history: GET {apiBase}/currency/new_timeshar?from&to&symbol&period (unix seconds) →
 * {code: 1, msg, data: Candle[]} oldest first, at most 1500 bars (the family's shape, outside the
 * envelope; a refusal is {code: -1, msg}).
 */
import { bucketStart, nextBucketStart, type Period } from '../../core';
import type { ChartBar, HistoryPayload } from '../api-types';
import { isCandle, toChartBar } from './kline';
import { isObj, validArray } from './validate';

export const MAX_HISTORY_BARS = 1500;

export class HistoryError extends Error {}

/** The default window: the last MAX_HISTORY_BARS buckets up to now, in unix seconds. */
export function defaultRange(period: Period, nowMs: number): { from: number; to: number } {
  const start = bucketStart(nowMs, period);
  const len = nextBucketStart(start, period) - start;
  return { from: Math.floor((start - (MAX_HISTORY_BARS - 1) * len) / 1000), to: Math.ceil(nowMs / 1000) };
}

/** Parse the answer and the candles; malformed candles are dropped, order and uniqueness enforced. */
export function parseHistory(body: unknown): ChartBar[] {
  if (!isObj(body) || body.code !== 1) {
    const msg = isObj(body) && typeof body.msg === 'string' ? body.msg : 'bad history answer';
    throw new HistoryError(msg);
  }
  const { items } = validArray(body.data, isCandle);
  const bars = items.map(toChartBar).sort((a, b) => a.time - b.time);
  // Never hand the chart two bars with one time: keep the last of equal times.
  const out: ChartBar[] = [];
  for (const b of bars) {
    if (out.length && out[out.length - 1].time === b.time) out[out.length - 1] = b;
    else out.push(b);
  }
  return out;
}

export interface HistoryRequest {
  apiBase: string;
  symbol: string;
  period: Period;
  from: number;
  to: number;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export async function fetchHistory(req: HistoryRequest): Promise<ChartBar[]> {
  const q = new URLSearchParams({ from: String(req.from), to: String(req.to), symbol: req.symbol, period: req.period });
  const res = await fetch(`${req.apiBase}/currency/new_timeshar?${q}`, { headers: req.headers, signal: req.signal });
  if (!res.ok) throw new HistoryError(`history HTTP ${res.status}`);
  return parseHistory(await res.json());
}

/** Column arrays: six transferable buffers instead of thousands of cloned objects. */
export function toPayload(symbol: string, period: Period, bars: ChartBar[]): HistoryPayload {
  const n = bars.length;
  const p: HistoryPayload = {
    symbol,
    period,
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const b = bars[i];
    p.time[i] = b.time;
    p.open[i] = b.open;
    p.high[i] = b.high;
    p.low[i] = b.low;
    p.close[i] = b.close;
    p.volume[i] = b.volume;
  }
  return p;
}

export function payloadBuffers(p: HistoryPayload): ArrayBuffer[] {
  return [p.time, p.open, p.high, p.low, p.close, p.volume].map((a) => a.buffer as ArrayBuffer);
}
