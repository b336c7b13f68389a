/**
 * Contracts: every closed position's P&L at its closing tick, its take-profit / stop-loss trigger,
 * and each forced close's risk rate over the positions closed with it (core proveLeverClose,
 * proveLiquidation). A seeded demo past trade (price_candle set, migration 031) was priced by
 * stored candles, not ticks: its entry must be the open of the bar starting at opened_at and its
 * exit the close of the bar ending at closed_at, and its P&L is recomputed like any other.
 */
import { proveLeverClose, proveLiquidation, type ContractPosition, type ProofProblem } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { candlePrices, loadCandles, loadTicks, rowOf, tickFor } from '../rows';

const positionOf = (r: {
  side: 'long' | 'short';
  lots: string;
  lot_size: string;
  multiple: number;
  open_price: string | null;
}): ContractPosition => ({
  side: r.side,
  lots: r.lots,
  lotSize: r.lot_size,
  multiple: String(r.multiple),
  openPrice: r.open_price ?? '0',
});

export const leverChecker: OutcomeChecker = {
  product: 'contracts (closes, TP/SL, liquidations)',
  async check(db) {
    const rows = await db.selectFrom('lever_orders').selectAll().where('status', '=', 'closed').orderBy('id').execute();
    const ticks = await loadTicks(
      db,
      rows.flatMap((r) => (r.close_seq === null ? [] : [{ symbol: r.symbol, seq: Number(r.close_seq) }])),
    );
    const candles = await loadCandles(
      db,
      rows.flatMap((r) => (r.price_candle === null ? [] : [r.symbol])),
    );
    const groups = new Map<string, typeof rows>();
    for (const r of rows)
      if (r.close_reason === 'liquidation' && r.liq_group !== null)
        groups.set(`${r.user_id}:${r.liq_group}`, [...(groups.get(`${r.user_id}:${r.liq_group}`) ?? []), r]);
    return rows.map((r): VerifyRow => {
      const problems: ProofProblem[] = [];
      if (r.price_candle !== null)
        candlePrices(
          candles,
          r.symbol,
          r.price_candle,
          { open: { price: r.open_price, at: r.opened_at }, close: { price: r.close_price, at: r.closed_at } },
          problems,
        );
      const close =
        r.close_seq === null
          ? null
          : tickFor(
              ticks,
              'close',
              r.symbol,
              { price: r.close_price ?? '', seq: Number(r.close_seq), ts: null },
              problems,
            );
      const closePrice = close?.price ?? r.close_price ?? '0';
      if (r.close_reason === 'liquidation' && r.liq_group !== null) {
        const group = groups.get(`${r.user_id}:${r.liq_group}`) ?? [r];
        const liq = proveLiquidation({
          available: r.liq_available ?? '0',
          line: r.liq_line ?? '0',
          positions: group.map((g) => ({
            margin: g.margin,
            position: positionOf(g),
            closePrice: g === r ? closePrice : (g.close_price ?? '0'),
          })),
          stored: { riskRate: r.liq_risk_rate },
        });
        problems.push(...liq.problems);
      }
      const proof = proveLeverClose({
        position: positionOf(r),
        reason: r.close_reason ?? 'user',
        closePrice,
        takeProfit: r.target_profit_price,
        stopLoss: r.stop_loss_price,
        stored: { profit: r.profit, uncoveredLoss: r.uncovered_loss },
      });
      return rowOf(r.id, proof, problems);
    });
  },
};
