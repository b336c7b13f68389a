/**
 * A forced close, and the overnight fee, on the ledger's group commit (lever_liquidate_batch and
 * lever_overnight_batch, migration 053; the writer: lever-batch.ts). lever-liquidate.ts and
 * lever-overnight.ts decide (risk rate, P&L, fee: core/calc/contract.ts) and send decimal strings; the statements keep the guards — a
 * position liquidated once, a day's fee charged once per position — and answer 'fallback' having
 * written nothing for what only the transaction path decides (a loss or a fee beyond the balance,
 * a balance or a set of positions that moved since the decision). Each promise settles after its
 * commit; the closed rows are built from what was sent, not read back.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_TYPES } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { BalanceAfter } from '../../../db/ledger';
import { checkAmount } from '../../../db/ledger';
import { canon } from '../../../kernel/decimal';
import type { LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import type { TickRef } from './books';
import { batchWriter } from './lever-batch';

/** One position of a liquidation as decided: its closing price (a tick, or the open price) and its P&L, signed. */
interface LiquidatedPosition {
  row: LeverRow;
  price: string;
  tick: TickRef | null;
  pnl: string;
}

export interface Liquidation {
  userId: number;
  /** the available balance the decision read */
  available: string;
  /** what decided it, kept on every closed position (the proof) */
  liq: { rate: string; line: string; available: string; group: number };
  /** every position the decision saw open, in settling order (winners first) */
  positions: LiquidatedPosition[];
  closedAt: Date;
}

interface LiquidateElement {
  u: number;
  c: number;
  t: number;
  av: string;
  ca: string;
  liq: Liquidation['liq'];
  ps: {
    id: number;
    pnl: string;
    cp: string;
    cs: number | null;
    tk: { symbol: string; seq: number; price: string; ts: number } | null;
  }[];
}

interface OutcomeRow {
  n: number;
  outcome: string;
  account: number | null;
  available: string | null;
  frozen: string | null;
}

const accountOf = (r: OutcomeRow): BalanceAfter => ({
  accountId: Number(r.account),
  available: canon(r.available ?? '0'),
  frozen: canon(r.frozen ?? '0'),
});

function closedRow(x: Liquidation, p: LiquidatedPosition): LeverRow {
  return {
    ...p.row,
    status: 'closed',
    close_price: canon(p.price),
    close_seq: p.tick ? String(p.tick.seq) : null,
    close_reason: 'liquidation',
    closed_at: x.closedAt,
    profit: canon(p.pnl),
    uncovered_loss: '0',
    liq_risk_rate: canon(x.liq.rate),
    liq_line: canon(x.liq.line),
    liq_available: canon(x.liq.available),
    liq_group: String(x.liq.group),
  };
}

/**
 * Closes every position of the liquidation on the group commit; settles after its commit with
 * the closed rows (in the order given) and the account. 'not_open' when they were liquidated
 * already (nothing done); 'fallback' (nothing written) for the transaction path.
 */
export async function liquidateAtPrices(
  db: Kysely<Database>,
  x: Liquidation,
): Promise<{ rows: LeverRow[]; account: BalanceAfter } | 'not_open' | 'fallback'> {
  for (const p of x.positions) if (p.pnl !== '0') checkAmount(p.pnl.replace(/^-/, ''));
  const r = await batchWriter<LiquidateElement, OutcomeRow>(db, 'lever_liquidate_batch').submit({
    u: x.userId,
    c: LEVER_QUOTE_ID,
    t: ACCOUNT_TYPES.lever,
    av: x.available,
    ca: x.closedAt.toISOString(),
    liq: x.liq,
    ps: x.positions.map((p) => ({
      id: p.row.id,
      pnl: p.pnl,
      cp: p.price,
      cs: p.tick?.seq ?? null,
      tk:
        p.tick && p.tick.seq > 0 ? { symbol: p.row.symbol, seq: p.tick.seq, price: p.tick.price, ts: p.tick.ts } : null,
    })),
  });
  if (!r || r.outcome === 'fallback') return 'fallback';
  if (r.outcome === 'not_open') return 'not_open';
  return { rows: x.positions.map((p) => closedRow(x, p)), account: accountOf(r) };
}

interface OvernightElement {
  u: number;
  c: number;
  t: number;
  id: number;
  day: string;
  due: string;
}

/**
 * Charges one day's overnight fee `due` (UTC day 'YYYY-MM-DD') of the position on the group
 * commit; settles after its commit. 'dup' when that day was charged already, 'not_open' when the
 * position closed, 'fallback' (nothing written) when the available balance is short of the fee.
 */
export async function chargeOvernightOf(
  db: Kysely<Database>,
  x: { row: LeverRow; day: string; due: string },
): Promise<BalanceAfter | 'dup' | 'not_open' | 'fallback'> {
  const r = await batchWriter<OvernightElement, OutcomeRow>(db, 'lever_overnight_batch').submit({
    u: x.row.user_id,
    c: LEVER_QUOTE_ID,
    t: ACCOUNT_TYPES.lever,
    id: x.row.id,
    day: x.day,
    due: x.due === '0' ? '0' : checkAmount(x.due),
  });
  if (!r || r.outcome === 'fallback') return 'fallback';
  if (r.outcome === 'dup' || r.outcome === 'not_open') return r.outcome;
  return accountOf(r);
}
