/**
 * A contract's market entry on the ledger's group commit (db/group-commit.ts): the margin frozen,
 * the fee charged, the position's row, their journal rows and the request's idempotency key are
 * one element of lever_open_batch (migration 047), so concurrent opens share one statement and one
 * commit — one round trip each instead of the transaction's several. The figures (margin, fee,
 * open price and its book walk) are computed before, by lever.ts from core/calc/contract.ts, and
 * passed as decimal strings; the statement only moves them. The promise settles after the commit;
 * the position's row is built from what was sent and what the commit answered (its id, its
 * created_at), not read back.
 */
import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TYPES, type LeverEntryWalk, type LeverSide } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { BalanceAfter } from '../../../db/ledger';
import { checkAmount } from '../../../db/ledger';
import { GroupCommit } from '../../../db/group-commit';
import { fenceOf, inTransaction, retrying } from '../../../db/tx';
import { KeyTaken, keyToMark } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { canon } from '../../../kernel/decimal';
import type { LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';

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

/** One batch as one statement — its own transaction, or with the lease fence in one. */
async function openStatement(db: Kysely<Database>, els: OpenElement[]): Promise<(OpenRow | null)[]> {
  const doc = JSON.stringify(els);
  const exec = (on: Kysely<Database>) => sql<OpenRow>`SELECT * FROM lever_open_batch(${doc}::jsonb)`.execute(on);
  const r = fenceOf(db) ? await inTransaction(db, exec) : await retrying(() => exec(db));
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
      )),
    );
  return w;
}

function element(x: LeverOpen): OpenElement {
  // the request's key (taken here, in its async context): claimed in the statement, or marked
  const key = keyToMark([x.userId]);
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
    overnight_fee: '0',
    target_profit_price: x.tp === null ? null : canon(x.tp),
    stop_loss_price: x.sl === null ? null : canon(x.sl),
    close_price: null,
    close_seq: null,
    watch_seq: String(x.watchSeq),
    close_reason: null,
    profit: null,
    uncovered_loss: '0',
    liq_risk_rate: null,
    liq_line: null,
    liq_available: null,
    liq_group: null,
    price_candle: null,
    copied: false,
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
