/**
 * The `kline:<symbol>:<period>` channels: candle changes of the charted series. Each update carries
 * the whole current candle, so the latest one of a bucket is its full state. The REST history
 * (`/currency/new_timeshar`) is this channel's first full state; see history.ts.
 */
import { channel, isPeriod, KLINE_CHANNEL_PREFIX, type Candle, type KlineUpdate, type Period } from '../../core';
import type { ChartBar } from '../api-types';
import { isDecimal, isObj, isSeq, isSymbol, isTime, validArray } from './validate';

export const KLINE_PREFIX = KLINE_CHANNEL_PREFIX;

export function klineChannel(symbol: string, period: Period): string {
  return channel.kline(symbol, period);
}

export function isCandle(v: unknown): v is Candle {
  return (
    isObj(v) &&
    isTime(v.time) &&
    isDecimal(v.open) &&
    isDecimal(v.high) &&
    isDecimal(v.low) &&
    isDecimal(v.close) &&
    isDecimal(v.volume)
  );
}

function isKlineUpdate(v: unknown): v is KlineUpdate {
  return isObj(v) && isSymbol(v.symbol) && isPeriod(v.period) && isSeq(v.seq) && isTime(v.ts) && isCandle(v.candle);
}

export function parseKlineUpdates(data: unknown): { items: KlineUpdate[]; dropped: number } {
  return validArray(data, isKlineUpdate);
}

/**
 * Candle (ms, decimal strings) → chart bar (s, numbers). The conversion to floats happens here and
 * only here: the chart draws, it does not account.
 */
export function toChartBar(c: Candle): ChartBar {
  return {
    time: Math.floor(c.time / 1000),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
    volume: Number(c.volume),
  };
}
