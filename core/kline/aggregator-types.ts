/** The K-line aggregator's contract (aggregator.ts has the rules). */
import type { Candle, Period, Tick } from '../types/market';

export interface AggregatorOptions {
  periods?: readonly Period[];
  /** bars kept per series in memory, default 1000 */
  maxBars?: number;
}
type ApplyOutcome = 'applied' | 'duplicate' | 'late-dropped';
/** Missing seqs, inclusive. */
export interface SeqGap {
  symbol: string;
  fromSeq: number;
  toSeq: number;
}
export interface ApplyResult {
  outcome: ApplyOutcome;
  /** the seqs this tick jumped over, reported once; with `applied` or `late-dropped`, never `duplicate` */
  gap?: SeqGap;
}
export interface KlineAggregator {
  apply(tick: Tick): ApplyResult;
  /** oldest first, the open bar last */
  series(symbol: string, period: Period): Candle[];
  last(symbol: string, period: Period): Candle | undefined;
  /** seed from history; live ticks continue it */
  load(symbol: string, period: Period, candles: Candle[]): void;
  lastSeq(symbol: string): number | undefined;
  stats(): { applied: number; duplicates: number; lateDropped: number; gaps: number };
}
