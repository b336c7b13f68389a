/**
 * A contract's limit entry, and its fill, on the ledger's group commit (lever_limit_batch and
 * lever_fill_batch, migration 052; the writer: lever-batch.ts). Placing: the margin frozen, the fee
 * charged (crossing now: it opens at the current price) or frozen (resting), the order's row, its
 * journal rows and the request's idempotency key in one element of a shared statement. Filling on
 * the crossing tick: the status guard (filled once), the frozen fee spent, the tick recorded. The
 * figures come from lever-open.ts (core/calc/contract.ts) as decimal strings; the statements only move
 * them. Each promise settles after its commit; the row is built from what was sent and what the
 * commit answered, not read back.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_TYPES, type LeverSide } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { BalanceAfter } from '../../../db/ledger';
import { checkAmount } from '../../../db/ledger';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { UNSETTLED, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import type { TickRef } from './books';
import { batchWriter } from './lever-batch';

/** A limit entry as priced: `open` set when it crosses now (it opens at that tick's price). */
export interface LeverLimit {
  userId: number;
  symbol: string;
  side: LeverSide;
  lots: string;
  lotSize: string;
  multiple: number;
  limit: string;
  open: TickRef | null;
  watchSeq: number;
  at: Date;
  margin: string;
  fee: string;
  tp: string | null;
  sl: string | null;
  /** the request's idempotency key: claimed or marked in the statement */
  key?: IdempotencyScope;
}

interface LimitElement {
  u: number;
  c: number;
  t: number;
  o: Record<string, unknown>;
  tk: { symbol: string; seq: number; price: string; ts: number } | null;
  k?: string;
  kc?: string;
  kw?: string;
}

interface LimitRow {
  n: number;
  id: number;
  created_at: Date;
  account: number;
  available: string;
  frozen: string;
  dup: boolean;
}

function limitElement(x: LeverLimit): LimitElement {
  // the request's key: claimed in the statement, or marked
  const key = keyToMark(x.key, [x.userId]);
  const open = x.open;
  return {
    u: x.userId,
    c: LEVER_QUOTE_ID,
    t: ACCOUNT_TYPES.lever,
    o: {
      symbol: x.symbol,
      side: x.side,
      lots: x.lots,
      lot_size: x.lotSize,
      multiple: x.multiple,
      target_price: x.limit,
      open_price: open ? open.price : null,
      open_seq: open ? open.seq : null,
      watch_seq: x.watchSeq,
      opened_at: open ? x.at.toISOString() : null,
      margin: checkAmount(x.margin),
      fee: x.fee === '0' ? '0' : checkAmount(x.fee),
      target_profit_price: x.tp,
      stop_loss_price: x.sl,
    },
    // a crossing entry's opening tick, on record with it (a price from candles, seq 0, is no tick)
    tk: open && open.seq > 0 ? { symbol: x.symbol, seq: open.seq, price: open.price, ts: open.ts } : null,
    ...(key ? { k: key.key } : {}),
    ...(key?.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}),
  };
}

/** The order's row as the insert wrote it (numerics canonical: every reader canonicalises them). */
function limitRowOf(x: LeverLimit, r: LimitRow): LeverRow {
  const open = x.open;
  return {
    id: r.id,
    user_id: x.userId,
    symbol: x.symbol,
    side: x.side,
    price_type: 'limit',
    status: open ? 'position' : 'entrusted',
    lots: canon(x.lots),
    lot_size: canon(x.lotSize),
    multiple: x.multiple,
    target_price: canon(x.limit),
    open_price: open ? canon(open.price) : null,
    open_seq: open ? String(open.seq) : null,
    open_walk: null,
    margin: canon(x.margin),
    fee: canon(x.fee),
    target_profit_price: canonOrNull(x.tp),
    stop_loss_price: canonOrNull(x.sl),
    watch_seq: String(x.watchSeq),
    ...UNSETTLED,
    created_at: r.created_at,
    opened_at: open ? x.at : null,
    closed_at: null,
  };
}

const account = (r: { account: number | null; available: string | null; frozen: string | null }): BalanceAfter => ({
  accountId: Number(r.account),
  available: canon(r.available ?? '0'),
  frozen: canon(r.frozen ?? '0'),
});

/**
 * Places the limit entry on the group commit; settles after its commit with the row and the lever
 * account after the moves. Refused (available < margin + fee): AppError('insufficient_balance'),
 * nothing written. The request's idempotency key already claimed: KeyTaken, nothing done.
 */
export async function placeLimit(
  db: Kysely<Database>,
  x: LeverLimit,
): Promise<{ row: LeverRow; account: BalanceAfter }> {
  const r = await batchWriter<LimitElement, LimitRow>(db, 'lever_limit_batch').submit(limitElement(x));
  if (!r) throw new AppError('insufficient_balance');
  if (r.dup) throw new KeyTaken();
  return { row: limitRowOf(x, r), account: account(r) };
}

interface FillElement {
  u: number;
  c: number;
  t: number;
  id: number;
  seq: number;
  price: string;
  ts: number;
  at: string;
}

interface FillRow {
  n: number;
  outcome: 'filled' | 'not_entrusted' | 'fallback';
  account: number | null;
  available: string | null;
  frozen: string | null;
}

/**
 * Fills the entrusted entry `row` at its own price on the crossing `tick`; settles after the
 * commit. Null when it was no longer entrusted (filled or cancelled meanwhile: once);
 * 'fallback' (nothing written) when the frozen balance does not hold its fee.
 */
export async function fillAtLimit(
  db: Kysely<Database>,
  row: LeverRow,
  tick: TickRef,
  at: Date,
): Promise<{ row: LeverRow; account: BalanceAfter } | null | 'fallback'> {
  const res = await batchWriter<FillElement, FillRow>(db, 'lever_fill_batch').submit({
    u: row.user_id,
    c: LEVER_QUOTE_ID,
    t: ACCOUNT_TYPES.lever,
    id: row.id,
    seq: tick.seq,
    price: tick.price,
    ts: tick.ts,
    at: at.toISOString(),
  });
  if (!res || res.outcome === 'not_entrusted') return null;
  if (res.outcome === 'fallback') return 'fallback';
  return {
    row: {
      ...row,
      status: 'position',
      open_price: row.target_price,
      open_seq: String(tick.seq),
      watch_seq: String(tick.seq),
      opened_at: at,
    },
    account: account(res),
  };
}
