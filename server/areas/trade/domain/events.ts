/**
 * User events on the private socket room (DESIGN §3): `order`, `position`, `seconds`, `balance`
 * and a `notice` the client shows as a toast. Emitted after the transaction commits, so a client
 * never hears about a change that was rolled back.
 */
import type { BalanceEvent, TradeNotice } from '../../../../core';
import type { BalanceAfter, LedgerEntry } from '../../../db/ledger';
import { credit, debit, freeze, settleFrozen, unfreeze } from '../../../db/ledger';
import { translate, type MessageKey } from '../../../i18n/messages';
import type { TradeContext, Trx } from './context';
import type { LeverRow } from './lever-view';
import { inTransaction } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';

export function notice(
  kind: TradeNotice['kind'],
  key: MessageKey,
  params: Record<string, string>,
  ref: TradeNotice['ref'],
): TradeNotice {
  return { kind, key, params, text: translate(key, 'en', params), ref };
}

/** Ledger calls that remember each touched account's balance after the change, for `balance` events. */
export class Moves {
  private readonly after = new Map<string, { userId: number; ev: BalanceEvent }>();

  constructor(private readonly trx: Trx) {}

  private note(e: LedgerEntry, b: BalanceAfter): BalanceAfter {
    this.after.set(`${e.userId}:${e.currencyId}:${e.type}`, {
      userId: e.userId,
      ev: { currency_id: e.currencyId, type: e.type, available: b.available, frozen: b.frozen },
    });
    return b;
  }

  credit = async (e: LedgerEntry) => this.note(e, await credit(this.trx, e));
  debit = async (e: LedgerEntry) => this.note(e, await debit(this.trx, e));
  freeze = async (e: LedgerEntry) => this.note(e, await freeze(this.trx, e));
  unfreeze = async (e: LedgerEntry) => this.note(e, await unfreeze(this.trx, e));
  settleFrozen = async (e: LedgerEntry) => this.note(e, await settleFrozen(this.trx, e));

  emit(ctx: TradeContext): void {
    for (const { userId, ev } of this.after.values()) ctx.market.emitToUser(userId, 'balance', ev);
  }
}

/**
 * Runs fn in one transaction with a Moves recorder; emits the balance events after commit. `key`:
 * the request's idempotency key, marked by its user's moves in the transaction.
 */
export async function inTx<T>(
  ctx: TradeContext,
  fn: (trx: Trx, moves: Moves) => Promise<T>,
  key?: IdempotencyScope,
): Promise<T> {
  let moves: Moves | undefined;
  const result = await inTransaction(
    ctx.db,
    async (trx) => {
      moves = new Moves(trx);
      return fn(trx, moves);
    },
    { key },
  );
  moves?.emit(ctx);
  return result;
}

/**
 * Position hook (copy trading listens): told after commit of every contract position that
 * opened (a market entry, a filled limit entry) or closed (by the user, TP/SL, batch, a forced
 * close, a copy). One registry per trading context, so several apps in one process stay apart.
 * Listeners must not throw and should only queue work: they run on the trader's request path.
 */
export type PositionChange = { kind: 'opened' | 'closed'; row: LeverRow };
export type PositionListener = (change: PositionChange) => void;
const positionListeners = new WeakMap<TradeContext, Set<PositionListener>>();

export function onPositionChange(ctx: TradeContext, listener: PositionListener): () => void {
  let set = positionListeners.get(ctx);
  if (!set) positionListeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function positionChanged(ctx: TradeContext, kind: PositionChange['kind'], rows: readonly LeverRow[]): void {
  const set = positionListeners.get(ctx);
  if (!set) return;
  for (const row of rows) for (const l of set) l({ kind, row });
}
