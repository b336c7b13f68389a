/** Helpers the product checkers share: a proof to a printed row, and the stored tick lookup. */
import type { Db } from '../db/schema';
import type { Proof, ProofProblem, ProofTick } from '../../core';
import { sameNumber } from '../../core';
import type { VerifyRow } from '../db/outcome-checker';

/** "67074.170000000000000000" → "67074.17": NUMERIC columns print every scale digit. */
const tidy = (text: string) =>
  text.replace(/(\d+)\.(\d*?)0+(?!\d)/g, (_m, i: string, f: string) => (f ? `${i}.${f}` : i));

export function rowOf<T>(id: string | number, proof: Proof<T>, extra: ProofProblem[] = []): VerifyRow {
  const problems = [...extra, ...proof.problems];
  if (problems.length === 0) return { id: String(id), ok: true };
  return {
    id: String(id),
    ok: false,
    expected: problems.map((p) => `${p.what} ${tidy(p.expected)}`).join('; '),
    actual: problems.map((p) => `${p.what} ${tidy(p.actual)}`).join('; '),
  };
}

export type TickKey = { symbol: string; seq: number };
export type TickBook = Map<string, ProofTick>;

const key = (symbol: string, seq: number) => `${symbol}#${seq}`;

/** The stored ticks (market_ticks) of these (symbol, seq) pairs, read in one query per symbol. */
export async function loadTicks(db: Db, keys: readonly TickKey[]): Promise<TickBook> {
  const bySymbol = new Map<string, Set<number>>();
  for (const k of keys) if (k.seq > 0) bySymbol.set(k.symbol, (bySymbol.get(k.symbol) ?? new Set()).add(k.seq));
  const out: TickBook = new Map();
  for (const [symbol, seqs] of bySymbol) {
    const list = [...seqs];
    for (let i = 0; i < list.length; i += 5000) {
      const rows = await db
        .selectFrom('market_ticks')
        .select(['seq', 'price', 'ts'])
        .where('symbol', '=', symbol)
        .where('seq', 'in', list.slice(i, i + 5000))
        .execute();
      for (const r of rows)
        out.set(key(symbol, Number(r.seq)), { price: r.price, seq: Number(r.seq), ts: Number(r.ts) });
    }
  }
  return out;
}

/**
 * The stored tick an outcome names, compared with the copy on the order: a missing tick, or one
 * whose price or time differs from the order's, is a problem. Returns the tick to recompute from
 * (the stored one when present).
 */
export function tickFor(
  book: TickBook,
  label: string,
  symbol: string,
  ref: { price: string; seq: number; ts: number | null },
  problems: ProofProblem[],
): ProofTick {
  const t = book.get(key(symbol, ref.seq));
  if (!t) {
    problems.push({ what: `${label} tick #${ref.seq}`, expected: 'stored', actual: 'missing' });
    return { price: ref.price, seq: ref.seq, ts: ref.ts };
  }
  if (!sameNumber(t.price, ref.price))
    problems.push({ what: `${label} price (tick #${ref.seq})`, expected: t.price, actual: ref.price });
  if (ref.ts !== null && t.ts !== ref.ts)
    problems.push({ what: `${label} time (tick #${ref.seq})`, expected: String(t.ts), actual: String(ref.ts) });
  return t;
}

/** Stored candles by symbol, period and bar start: their open and close. */
export type CandleBook = Map<string, { open: string; close: string }>;
const CANDLE_MS: Record<string, number> = { '60min': 3_600_000, '4hour': 14_400_000 };
const candleKey = (symbol: string, period: string, time: number) => `${symbol}#${period}#${time}`;

/** The 60min and 4hour candles of these symbols (the periods a seeded past trade is priced from). */
export async function loadCandles(db: Db, symbols: readonly string[]): Promise<CandleBook> {
  const out: CandleBook = new Map();
  const list = [...new Set(symbols)];
  if (!list.length) return out;
  const rows = await db
    .selectFrom('candles')
    .select(['symbol', 'period', 'time', 'open', 'close'])
    .where('symbol', 'in', list)
    .where('period', 'in', Object.keys(CANDLE_MS))
    .execute();
  for (const r of rows) out.set(candleKey(r.symbol, r.period, Number(r.time)), { open: r.open, close: r.close });
  return out;
}

/**
 * A position priced by candles: its entry must be the open of the `period` bar starting at its
 * open time, its exit the close of the bar ending at its close time; a missing bar or another
 * price is a problem.
 */
export function candlePrices(
  book: CandleBook,
  symbol: string,
  period: string,
  at: Record<'open' | 'close', { price: string | null; at: Date | null }>,
  problems: ProofProblem[],
): void {
  const ms = CANDLE_MS[period];
  for (const side of ['open', 'close'] as const) {
    const { price, at: when } = at[side];
    const start = when === null || !ms ? null : side === 'open' ? when.getTime() : when.getTime() - ms;
    const bar = start === null ? undefined : book.get(candleKey(symbol, period, start));
    if (!bar)
      problems.push({ what: `${side} ${period} candle at ${start ?? '—'}`, expected: 'stored', actual: 'missing' });
    else if (price === null || !sameNumber(bar[side], price))
      problems.push({ what: `${side} price (${period} candle ${start})`, expected: bar[side], actual: price ?? '—' });
  }
}
