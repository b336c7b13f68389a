/**
 * The game's outcome checker for `npm run verify`: every settled round is recomputed
 * with core's settleGameRound from the feed's stored ticks (market_ticks, by the round's lock and
 * close seq) and its stakes, and compared with what the round and its stakes store: the recorded
 * prices, the outcome, the fee and each payout.
 */
import Decimal from 'decimal.js';
import { settleGameRound } from '../../../../core';
import type { OutcomeChecker, VerifyRow } from '../../../db/outcome-checker';
import type { Db } from '../../../db/schema';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { coinDecimals } from './stake';
import { tickBySeq } from './ticks';
import type {} from '../tables';

const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

async function checkRound(
  db: Db,
  r: {
    id: number;
    symbol: string;
    lock_price: string | null;
    lock_seq: string | null;
    close_price: string | null;
    close_seq: string | null;
    fee_rate: string;
    outcome: string | null;
    pool: string | null;
    fee: string | null;
  },
  decimals: number,
): Promise<VerifyRow> {
  const id = `round ${r.id}`;
  const lock = await tickBySeq(db, r.symbol, r.lock_seq);
  const close = await tickBySeq(db, r.symbol, r.close_seq);
  if ((r.lock_seq !== null && !lock) || (r.close_seq !== null && !close))
    return { id, ok: false, expected: 'stored lock and close ticks', actual: 'a tick is missing from market_ticks' };
  const stakes = await db
    .selectFrom('game_stakes')
    .select(['id', 'side', 'amount', 'payout'])
    .where('round_id', '=', r.id)
    .orderBy('id')
    .execute();
  const want = settleGameRound({
    lockPrice: lock?.price ?? null,
    closePrice: close?.price ?? null,
    stakes: stakes.map((s) => ({ id: s.id, side: s.side, amount: s.amount })),
    feeRate: r.fee_rate,
    decimals,
  });
  const diffs: string[] = [];
  const wants: string[] = [];
  const differ = (expected: string, actual: string) => {
    wants.push(expected);
    diffs.push(actual);
  };
  if (!same(lock?.price ?? null, canonOrNull(r.lock_price)))
    differ(`lock ${lock?.price}`, `lock ${canonOrNull(r.lock_price)}`);
  if (!same(close?.price ?? null, canonOrNull(r.close_price)))
    differ(`close ${close?.price}`, `close ${canonOrNull(r.close_price)}`);
  if (want.outcome !== r.outcome) differ(`outcome ${want.outcome}`, `outcome ${r.outcome}`);
  if (!same(want.pool, r.pool)) differ(`pool ${want.pool}`, `pool ${canonOrNull(r.pool)}`);
  if (!same(want.fee, r.fee)) differ(`fee ${want.fee}`, `fee ${canonOrNull(r.fee)}`);
  want.payouts.forEach((p, i) => {
    const got = stakes[i].payout;
    if (!same(p.amount, got))
      differ(`stake ${p.id} payout ${p.amount}`, `stake ${p.id} payout ${got === null ? 'none' : canon(got)}`);
  });
  return diffs.length ? { id, ok: false, expected: wants.join(', '), actual: diffs.join(', ') } : { id, ok: true };
}

export const gameChecker: OutcomeChecker = {
  product: 'up/down game',
  async check(db) {
    const decimals = await coinDecimals(db);
    const rounds = await db
      .selectFrom('game_rounds')
      .select([
        'id',
        'symbol',
        'lock_price',
        'lock_seq',
        'close_price',
        'close_seq',
        'fee_rate',
        'outcome',
        'pool',
        'fee',
      ])
      .where('status', '=', 'settled')
      .orderBy('id')
      .execute();
    const out: VerifyRow[] = [];
    for (const r of rounds) out.push(await checkRound(db, r, decimals));
    return out;
  },
};
