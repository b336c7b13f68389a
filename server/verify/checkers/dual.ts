/** Dual invest: every paid order recomputed from its settle tick by spec §9's formula (core proveDual). */
import { proveDual, type ProofProblem, type ProofTick } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { loadTicks, rowOf, tickFor } from '../rows';

export const dualChecker: OutcomeChecker = {
  product: 'dual invest',
  async check(db) {
    const rows = await db.selectFrom('dual_orders').selectAll().where('status', '=', 'success').orderBy('id').execute();
    const ticks = await loadTicks(
      db,
      rows.flatMap((r) =>
        r.settle_symbol !== null && r.settle_seq !== null
          ? [{ symbol: r.settle_symbol, seq: Number(r.settle_seq) }]
          : [],
      ),
    );
    return rows.map((r): VerifyRow => {
      const problems: ProofProblem[] = [];
      const ts = r.settle_ts === null ? null : Number(r.settle_ts);
      const settle: ProofTick =
        r.settle_symbol !== null && r.settle_seq !== null
          ? tickFor(
              ticks,
              'settle',
              r.settle_symbol,
              { price: r.settle_price ?? '', seq: Number(r.settle_seq), ts },
              problems,
            )
          : { price: r.settle_price ?? '0', seq: null, ts };
      const currency =
        r.payout_currency_id === r.currency_id ? 'base' : r.payout_currency_id === r.quote_id ? 'quote' : null;
      const proof = proveDual({
        type: r.type,
        amount: r.amount,
        linkedPrice: r.linked_price,
        apr: r.apr,
        days: r.days,
        maturityAt: r.maturity_at.getTime(),
        settle,
        stored: { currency, amount: r.payout_amount },
      });
      return rowOf(r.id, proof, problems);
    });
  },
};
