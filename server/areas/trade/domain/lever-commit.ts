/**
 * A contract's market entry, and its close, on the ledger's group commit (db/group-commit.ts).
 * The entry: the margin frozen,
 * the fee charged, the position's row, their journal rows and the request's idempotency key are
 * one element of lever_open_batch (migration 047), so concurrent opens share one statement and one
 * commit — one round trip each instead of the transaction's several. The figures (margin, fee,
 * open price and its book walk) are computed before, by lever-open.ts from core/calc/contract.ts, and
 * passed as decimal strings; the statement only moves them. The promise settles after the commit;
 * the position's row is built from what was sent and what the commit answered (its id, its
 * created_at), not read back. The close (lever_close_batch, same migration): the status guard, the
 * margin released and the P&L settled, with its closing tick — the P&L computed by lever-close.ts.
 */
import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TYPES, type LeverCloseReason, type LeverEntryWalk, type LeverSide } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { BalanceAfter } from '../../../db/ledger';
import { checkAmount } from '../../../db/ledger';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { UNSETTLED, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import type { TickRef } from './books';

/** A market entry as priced: every figure a decimal string computed by the caller. */
export interface LeverOpen {
  userId: number;
  symbol: string;
  side: LeverSide;
  lots: string;
  lotSize: string;
  multiple: number;
  openPrice: string;
  openSeq: number;
  walk: LeverEntryWalk;
  watchSeq: number;
  openedAt: Date;
  margin: string;
  fee: string;
  tp: string | null;
  sl: string | null;
  /** the request's idempotency key: claimed or marked in the statement */
  key?: IdempotencyScope;
}

/** One open as lever_open_batch reads it (short keys; `o` the position's columns). */
interface OpenElement {
  u: number;
  c: number;
  t: number;
  o: Record<string, unknown>;
  k?: string;
  kc?: string;
  kw?: string;
}

interface OpenRow {
  n: number;
  id: number;
  created_at: Date;
  account: number;
  available: string;
  frozen: string;
  dup: boolean;
}

/** One batch of opens as one statement (commitStatement). */
async function openStatement(db: Kysely<Database>, els: OpenElement[]): Promise<(OpenRow | null)[]> {
  const doc = JSON.stringify(els);
  const exec = (on: Kysely<Database>) => sql<OpenRow>`SELECT * FROM lever_open_batch(${doc}::jsonb)`.execute(on);
  const r = await commitStatement(db, exec);
  const out: (OpenRow | null)[] = els.map(() => null);
  for (const row of r.rows) out[row.n] = row;
  return out;
}

const writers = new WeakMap<Kysely<Database>, GroupCommit<OpenElement, OpenRow | null>>();

/** The handle's writer of contract opens (one per pool, beside the ledger's transfer writer). */
function writerFor(db: Kysely<Database>): GroupCommit<OpenElement, OpenRow | null> {
  let w = writers.get(db);
  if (!w)
    writers.set(
      db,
      (w = new GroupCommit(
        (els) => openStatement(db, els),
        (e) => [e.u],
        { drainWith: db },
      )),
    );
  return w;
}

function element(x: LeverOpen): OpenElement {
  // the request's key: claimed in the statement, or marked
  const key = keyToMark(x.key, [x.userId]);
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
      open_price: x.openPrice,
      open_seq: x.openSeq,
      open_walk: x.walk,
      watch_seq: x.watchSeq,
      opened_at: x.openedAt.toISOString(),
      margin: checkAmount(x.margin),
      fee: x.fee === '0' ? '0' : checkAmount(x.fee),
      target_profit_price: x.tp,
      stop_loss_price: x.sl,
    },
    ...(key ? { k: key.key } : {}),
    ...(key?.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}),
  };
}

/** The position's row as the insert wrote it (numerics canonical: every reader canonicalises them). */
function rowOf(x: LeverOpen, r: OpenRow): LeverRow {
  return {
    id: r.id,
    user_id: x.userId,
    symbol: x.symbol,
    side: x.side,
    price_type: 'market',
    status: 'position',
    lots: canon(x.lots),
    lot_size: canon(x.lotSize),
    multiple: x.multiple,
    target_price: null,
    open_price: canon(x.openPrice),
    open_seq: String(x.openSeq),
    open_walk: x.walk,
    margin: canon(x.margin),
    fee: canon(x.fee),
    target_profit_price: canonOrNull(x.tp),
    stop_loss_price: canonOrNull(x.sl),
    watch_seq: String(x.watchSeq),
    ...UNSETTLED,
    created_at: r.created_at,
    opened_at: x.openedAt,
    closed_at: null,
  };
}

/**
 * Opens the position on the group commit; settles after its commit with the row and the lever
 * account after the moves. Refused (available < margin + fee): AppError('insufficient_balance'),
 * nothing written. The request's idempotency key already claimed: KeyTaken, nothing done.
 */
export async function openAtMarket(
  db: Kysely<Database>,
  x: LeverOpen,
): Promise<{ row: LeverRow; account: BalanceAfter }> {
  const r = await writerFor(db).submit(element(x));
  if (!r) throw new AppError('insufficient_balance');
  if (r.dup) throw new KeyTaken();
  return {
    row: rowOf(x, r),
    account: { accountId: r.account, available: canon(r.available), frozen: canon(r.frozen) },
  };
}

/** A position's close as priced: its P&L at the closing price computed by the caller, signed. */
export interface LeverClose {
  row: LeverRow;
  price: string;
  /** the closing tick (recorded with the close), null for a price that is no tick */
  tick: TickRef | null;
  reason: LeverCloseReason;
  closedAt: Date;
  pnl: string;
  /** the request's idempotency key: claimed or marked in the statement */
  key?: IdempotencyScope;
}

/** One close as lever_close_batch reads it. */
interface CloseElement {
  u: number;
  c: number;
  t: number;
  id: number;
  pnl: string;
  cp: string;
  cs: number | null;
  cr: LeverCloseReason;
  ca: string;
  tk: { symbol: string; seq: number; price: string; ts: number } | null;
  k?: string;
}

interface CloseRow {
  n: number;
  outcome: 'closed' | 'not_open' | 'fallback' | 'dup';
  account: number | null;
  available: string | null;
  frozen: string | null;
}

/** One batch of closes as one statement (commitStatement). */
async function closeStatement(db: Kysely<Database>, els: CloseElement[]): Promise<CloseRow[]> {
  const doc = JSON.stringify(els);
  const exec = (on: Kysely<Database>) => sql<CloseRow>`SELECT * FROM lever_close_batch(${doc}::jsonb)`.execute(on);
  const r = await commitStatement(db, exec);
  const out: CloseRow[] = [];
  for (const row of r.rows) out[row.n] = row;
  return out;
}

const closers = new WeakMap<Kysely<Database>, GroupCommit<CloseElement, CloseRow>>();

function closerFor(db: Kysely<Database>): GroupCommit<CloseElement, CloseRow> {
  let w = closers.get(db);
  if (!w)
    closers.set(
      db,
      (w = new GroupCommit(
        (els) => closeStatement(db, els),
        (e) => [e.u],
        { drainWith: db },
      )),
    );
  return w;
}

/**
 * Closes the position on the group commit; settles after its commit. Null when it was no longer
 * open; 'fallback' when its loss exceeds what the account can pay (nothing written: the caller
 * closes it in a transaction, where the loss is capped). The request's key, if any, is marked
 * committed with the close (a close route reserves its key: a cancel or a capped close may take the
 * transaction path).
 */
export async function closeAtPrice(
  db: Kysely<Database>,
  x: LeverClose,
): Promise<{ row: LeverRow; account: BalanceAfter } | null | 'fallback'> {
  const r = x.row;
  const key = keyToMark(x.key, [r.user_id]);
  if (key?.claim) throw new Error('closeAtPrice: a close claims no key in its statement');
  if (x.pnl !== '0') checkAmount(x.pnl.replace(/^-/, '')); // a move's amount, as the ledger checks it
  const res = await closerFor(db).submit({
    u: r.user_id,
    c: LEVER_QUOTE_ID,
    t: ACCOUNT_TYPES.lever,
    id: r.id,
    pnl: x.pnl,
    cp: x.price,
    cs: x.tick?.seq ?? null,
    cr: x.reason,
    ca: x.closedAt.toISOString(),
    tk: x.tick && x.tick.seq > 0 ? { symbol: r.symbol, seq: x.tick.seq, price: x.tick.price, ts: x.tick.ts } : null,
    ...(key ? { k: key.key } : {}),
  });
  if (res.outcome === 'not_open') return null;
  if (res.outcome === 'fallback') return 'fallback';
  if (res.outcome === 'dup') throw new KeyTaken();
  return {
    row: {
      ...r,
      status: 'closed',
      close_price: canon(x.price),
      close_seq: x.tick ? String(x.tick.seq) : null,
      close_reason: x.reason,
      closed_at: x.closedAt,
      profit: canon(x.pnl),
      uncovered_loss: '0',
    },
    account: {
      accountId: Number(res.account),
      available: canon(res.available ?? '0'),
      frozen: canon(res.frozen ?? '0'),
    },
  };
}
