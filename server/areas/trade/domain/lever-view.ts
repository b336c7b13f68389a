/**
 * What the contract pages show: positions with live P&L, the lever account's equity and risk rate,
 * liquidation prices — all from core/calc/contract.ts (the same functions the worker prices with).
 * `balance` for the risk figures = available + the margin of the open positions.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  ACCOUNT_TYPES,
  ExactDecimal,
  LEVER_ORDER_TYPE,
  LEVER_STATUS,
  LEVER_TYPE,
  accountEquity,
  accountRiskInput,
  liquidationPrice,
  positionPnl,
  riskRate,
  type AccountRiskInput,
  type ContractPosition,
  type LeverAccountSummary,
  type LeverPosition,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import type { LeverOrdersTable } from '../tables';
import type { TradeContext } from './context';
import { LEVER_QUOTE_ID } from './settings';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { wireTime } from '../../../kernel/wire-time';

/** What a just-written entry or position holds until it closes: one place for the batch writers' rows. */
export const UNSETTLED = {
  overnight_fee: '0',
  close_price: null,
  close_seq: null,
  close_reason: null,
  profit: null,
  uncovered_loss: '0',
  liq_risk_rate: null,
  liq_line: null,
  liq_available: null,
  liq_group: null,
  price_candle: null,
  copied: false,
} as const;

export type LeverRow = Selectable<LeverOrdersTable>;

export function contractOf(r: {
  side: 'long' | 'short';
  lots: string;
  lot_size: string;
  multiple: number;
  open_price: string | null;
}): ContractPosition {
  return {
    side: r.side,
    lots: canon(r.lots),
    lotSize: canon(r.lot_size),
    multiple: String(r.multiple),
    openPrice: canon(r.open_price ?? '0'),
  };
}

export async function leverAvailable(
  db: Kysely<Database>,
  userId: number,
): Promise<{ available: string; frozen: string }> {
  const a = await db
    .selectFrom('accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', LEVER_QUOTE_ID)
    .where('type', '=', ACCOUNT_TYPES.lever)
    .executeTakeFirst();
  return { available: canon(a?.available ?? '0'), frozen: canon(a?.frozen ?? '0') };
}

export interface PricedRow {
  row: LeverRow;
  price: string;
}

/** The risk input of an account: its open positions priced at `priceOf`, balance = available + Σ margin. */
export function riskInput(available: string, open: readonly PricedRow[]): AccountRiskInput {
  return accountRiskInput(
    available,
    open.map((p) => ({ margin: p.row.margin, position: contractOf(p.row), currentPrice: p.price })),
  );
}

export function summarise(
  ctx: TradeContext,
  available: string,
  frozen: string,
  open: readonly PricedRow[],
): LeverAccountSummary {
  const input = riskInput(available, open);
  const margin = open.reduce((s, p) => s.plus(p.row.margin), new ExactDecimal(0));
  const equity = accountEquity(input);
  return {
    currency_id: LEVER_QUOTE_ID,
    balance: available,
    frozen,
    risk_balance: String(input.balance),
    equity,
    total_margin: margin.toFixed(),
    unrealised_profit: new ExactDecimal(equity).minus(input.balance).toFixed(),
    risk_rate: riskRate(input),
    liquidation_line: ctx.liquidationLine,
  };
}

function toLeverPosition(
  ctx: TradeContext,
  r: LeverRow,
  live?: { price: string | null; risk: AccountRiskInput | null; index: number; riskRate: string | null },
): LeverPosition {
  const pair = ctx.settings.get(r.symbol);
  const open = r.status === 'position';
  const price = open
    ? (live?.price ?? null)
    : r.status === 'closed'
      ? canonOrNull(r.close_price)
      : (ctx.market.lastPrice(r.symbol)?.price ?? null);
  return {
    id: r.id,
    symbol: r.symbol,
    currency_id: pair?.currencyId ?? 0,
    legal_id: pair?.legalId ?? LEVER_QUOTE_ID,
    type: LEVER_TYPE[r.side],
    status: LEVER_STATUS[r.status],
    share: canon(r.lots),
    multiple: r.multiple,
    price: canonOrNull(r.open_price),
    update_price: price,
    caution_money: canon(r.margin),
    trade_fee: canon(r.fee),
    overnight_money: canon(r.overnight_fee),
    profits: open && price && r.open_price ? positionPnl(contractOf(r), price) : canonOrNull(r.profit),
    target_profit_price: canonOrNull(r.target_profit_price),
    stop_loss_price: canonOrNull(r.stop_loss_price),
    order_type: r.copied ? LEVER_ORDER_TYPE.copied : LEVER_ORDER_TYPE.own,
    transaction_time: wireTime(r.opened_at ?? r.created_at),
    price_type: r.price_type,
    lot_size: canon(r.lot_size),
    target_price: canonOrNull(r.target_price),
    open_seq: r.open_seq === null ? null : Number(r.open_seq),
    open_walk: r.open_walk,
    risk_rate: open ? (live?.riskRate ?? null) : null,
    liquidation_price:
      open && live?.risk && live.index >= 0 ? liquidationPrice(live.risk, live.index, ctx.liquidationLine) : null,
    close_price: canonOrNull(r.close_price),
    close_seq: r.close_seq === null ? null : Number(r.close_seq),
    close_reason: r.close_reason,
    uncovered_loss: canon(r.uncovered_loss),
    liq_risk_rate: canonOrNull(r.liq_risk_rate),
    liq_line: canonOrNull(r.liq_line),
    liq_available: canonOrNull(r.liq_available),
    liq_group: r.liq_group === null ? null : Number(r.liq_group),
    liq_peers: null,
    created_at: r.created_at.getTime(),
    opened_at: r.opened_at?.getTime() ?? null,
    closed_at: r.closed_at?.getTime() ?? null,
  };
}

/** The user's open positions priced now, the account summary, and a presenter for any row. */
export async function accountView(ctx: TradeContext, userId: number) {
  const [bal, openRows] = await Promise.all([
    leverAvailable(ctx.db, userId),
    ctx.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'position')
      .orderBy('id')
      .execute(),
  ]);
  const priced = openRows.map((row) => ({
    row,
    price: ctx.market.lastPrice(row.symbol)?.price ?? canon(row.open_price ?? '0'),
  }));
  const summary = summarise(ctx, bal.available, bal.frozen, priced);
  const risk = priced.length ? riskInput(bal.available, priced) : null;
  const index = new Map(priced.map((p, i) => [p.row.id, i]));
  const present = (r: LeverRow): LeverPosition => {
    const i = index.get(r.id) ?? -1;
    return toLeverPosition(ctx, r, {
      price: i >= 0 ? priced[i].price : null,
      risk,
      index: i,
      riskRate: summary.risk_rate,
    });
  };
  return { summary, present, openRows };
}

/** History rows with their forced-close peers (the other positions closed with each), for the proof panel. */
export async function withLiquidationPeers(
  db: Kysely<Database>,
  userId: number,
  list: LeverPosition[],
): Promise<LeverPosition[]> {
  const groups = [...new Set(list.flatMap((p) => (p.liq_group === null ? [] : [p.liq_group])))];
  if (!groups.length) return list;
  const rows = await db
    .selectFrom('lever_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('liq_group', 'in', groups)
    .where('status', '=', 'closed')
    .execute();
  return list.map((p) =>
    p.liq_group === null
      ? p
      : {
          ...p,
          liq_peers: rows
            .filter((r) => Number(r.liq_group) === p.liq_group && r.id !== p.id)
            .map((r) => ({
              id: r.id,
              type: LEVER_TYPE[r.side],
              share: canon(r.lots),
              lot_size: canon(r.lot_size),
              multiple: r.multiple,
              price: canon(r.open_price ?? '0'),
              close_price: canon(r.close_price ?? '0'),
              caution_money: canon(r.margin),
            })),
        },
  );
}
