/** Seconds options: every settled order recomputed from its buy and end ticks (core proveSeconds). */
import { proveSeconds, type ProofProblem } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { loadTicks, rowOf, tickFor } from '../rows';

export const secondsChecker: OutcomeChecker = {
  product: 'seconds options',
  async check(db) {
    const rows = await db
      .selectFrom('seconds_orders')
      .selectAll()
      .where('status', '=', 'settled')
      .orderBy('id')
      .execute();
    const ticks = await loadTicks(
      db,
      rows.flatMap((r) => [
        { symbol: r.symbol, seq: Number(r.buy_seq) },
        ...(r.end_seq === null ? [] : [{ symbol: r.symbol, seq: Number(r.end_seq) }]),
      ]),
    );
    return rows.map((r): VerifyRow => {
      const problems: ProofProblem[] = [];
      const buy = tickFor(
        ticks,
        'buy',
        r.symbol,
        { price: r.buy_price, seq: Number(r.buy_seq), ts: Number(r.buy_ts) },
        problems,
      );
      if (r.end_seq === null || r.end_price === null)
        return rowOf(r.id, {
          ok: false,
          expected: null,
          problems: [{ what: 'end tick', expected: 'recorded', actual: 'none' }],
        });
      const end = tickFor(
        ticks,
        'end',
        r.symbol,
        { price: r.end_price, seq: Number(r.end_seq), ts: r.end_ts === null ? null : Number(r.end_ts) },
        problems,
      );
      const proof = proveSeconds({
        direction: r.type,
        stake: r.number,
        profitRatio: r.profit_ratio,
        buy,
        end,
        expiresAt: Number(r.expires_at),
        stored: { result: r.result, payout: r.payout, profit: r.profit },
      });
      return rowOf(r.id, proof, problems);
    });
  },
};
