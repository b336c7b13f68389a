/**
 * Contract entries: every opened position's entry price (core proveLeverEntry). A market entry is
 * recomputed from the venue levels it walked (open_walk: the levels, the book's seq, the rounding
 * and the protection in force); a limit entry from its stored opening tick, which must cross the
 * limit. Seeded demo past trades (price_candle) are checked against their candles by the contracts
 * checker; market entries opened before migration 036 recorded no walk and are not counted.
 */
import { proveLeverEntry, ExactDecimal, type ProofProblem, type ProofTick } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { loadTicks, rowOf, tickFor } from '../rows';

export const leverEntryChecker: OutcomeChecker = {
  product: 'contract entries (book walk, limit fills)',
  async check(db) {
    const rows = await db
      .selectFrom('lever_orders')
      .selectAll()
      .where('status', 'in', ['position', 'closed'])
      .where('price_candle', 'is', null)
      .where((eb) => eb.or([eb('price_type', '=', 'limit'), eb('open_walk', 'is not', null)]))
      .orderBy('id')
      .execute();
    const ticks = await loadTicks(
      db,
      rows.flatMap((r) =>
        r.price_type === 'limit' && r.open_seq !== null ? [{ symbol: r.symbol, seq: Number(r.open_seq) }] : [],
      ),
    );
    return rows.map((r): VerifyRow => {
      const problems: ProofProblem[] = [];
      const seq = r.open_seq === null ? 0 : Number(r.open_seq);
      // the opening tick as stored: a limit entry that crossed at submission opened at its price, one that rested at its limit
      let tick: ProofTick | null = null;
      if (r.price_type === 'limit' && seq > 0) {
        const stored = ticks.get(`${r.symbol}#${seq}`);
        tick = tickFor(
          ticks,
          'opening',
          r.symbol,
          { price: stored?.price ?? r.open_price ?? '', seq, ts: null },
          problems,
        );
      }
      const proof = proveLeverEntry({
        side: r.side,
        priceType: r.price_type,
        qty: new ExactDecimal(r.lots).times(r.lot_size).toFixed(),
        limit: r.target_price,
        openPrice: r.open_price ?? '—',
        walk: r.open_walk,
        tick,
      });
      return rowOf(r.id, proof, problems);
    });
  },
};
