/** Spot: every order with fills, recomputed from its fills and the venue ticks that filled its resting part (core proveSpot). */
import { proveSpot, type ProofProblem } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { loadTicks, rowOf, tickFor } from '../rows';

export const spotChecker: OutcomeChecker = {
  product: 'spot fills',
  async check(db) {
    const orders = await db.selectFrom('spot_orders').selectAll().where('filled', '>', '0').orderBy('id').execute();
    const fills = await db.selectFrom('spot_fills').selectAll().orderBy('id').execute();
    const byOrder = new Map<number, typeof fills>();
    for (const f of fills) byOrder.set(f.order_id, [...(byOrder.get(f.order_id) ?? []), f]);
    const ticks = await loadTicks(
      db,
      fills.flatMap((f) => (f.tick_seq === null ? [] : [{ symbol: f.symbol, seq: Number(f.tick_seq) }])),
    );
    return orders.map((o): VerifyRow => {
      const problems: ProofProblem[] = [];
      const mine = byOrder.get(o.id) ?? [];
      const proof = proveSpot({
        side: o.side,
        fills: mine.map((f) => ({
          id: f.id,
          role: f.role,
          price: f.price,
          qty: f.qty,
          total: f.total,
          tick:
            f.tick_seq === null
              ? null
              : tickFor(
                  ticks,
                  `fill ${f.id}`,
                  f.symbol,
                  {
                    price: ticks.get(`${f.symbol}#${Number(f.tick_seq)}`)?.price ?? f.price,
                    seq: Number(f.tick_seq),
                    ts: null,
                  },
                  problems,
                ),
        })),
        stored: { filled: o.filled, total: o.total, fillPrice: o.fill_price },
      });
      return rowOf(o.id, proof, problems);
    });
  },
};
