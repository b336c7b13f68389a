/**
 * REST backfill as ticks. After a gap (a dropped connection, a restart) the venue's closed 1m
 * klines are turned into the few ticks that make our 1m bar for each missed minute equal the
 * venue's: a minute we never saw gets open, high, low and close (the volume rides on the open); the
 * minute we were in when the connection dropped gets what it lacks — a higher high, a lower low, the
 * rest of the volume, the close. The ticks go through the aggregator like any other, so every longer
 * period (5min … 1mon) and the 24 h tickers include them too.
 *
 * Limit: a bar whose first trades we missed keeps our open (the aggregator's open is its earliest
 * tick); only the minute a server starts or reconnects in can be like that.
 */
import type { Candle } from '../../../../core';
import { cmpDec, subDec } from './decimals';
import type { VenueKline } from './frames';

export interface RepairTick {
  price: string;
  qty: string;
  ts: number;
}

const MINUTE = 60_000;

/**
 * Ticks for one venue bar, given our bar for the same minute (undefined: none). Returns [] when
 * ours already matches or is ahead (more volume than the venue reports: leave it be).
 */
export function repairBar(venue: VenueKline, ours: Candle | undefined): RepairTick[] {
  const t = venue.time;
  if (!ours) {
    return [
      { price: venue.open, qty: venue.volume, ts: t },
      { price: venue.high, qty: '0', ts: t + 1 },
      { price: venue.low, qty: '0', ts: t + 2 },
      { price: venue.close, qty: '0', ts: t + MINUTE - 1 },
    ];
  }
  const missing = cmpDec(venue.volume, ours.volume) > 0 ? subDec(venue.volume, ours.volume) : '0';
  const out: RepairTick[] = [];
  if (cmpDec(venue.high, ours.high) > 0) out.push({ price: venue.high, qty: '0', ts: t + MINUTE - 3 });
  if (cmpDec(venue.low, ours.low) < 0) out.push({ price: venue.low, qty: '0', ts: t + MINUTE - 2 });
  if (out.length === 0 && missing === '0' && venue.close === ours.close) return [];
  out.push({ price: venue.close, qty: '0', ts: t + MINUTE - 1 });
  out[0].qty = missing;
  return out;
}

/** Repair ticks for the venue's bars (oldest first), skipping bars before `ours.time`. */
export function repairBars(venue: readonly VenueKline[], ours: Candle | undefined): RepairTick[] {
  const out: RepairTick[] = [];
  for (const v of venue) {
    if (ours && v.time < ours.time) continue;
    out.push(...repairBar(v, ours && v.time === ours.time ? ours : undefined));
  }
  return out;
}
