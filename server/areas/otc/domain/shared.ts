/**
 * What every OTC step shares: the context (database, prices, clock, after-commit delivery), amount
 * parsing, the fiat rates, the order's parties (their balance locks come first, in id order, before
 * the order row: the canonical lock order of every OTC transaction, so two orders between the same
 * two users never deadlock), the timeline and the idempotent answer.
 */
import { FUNDS_ACCOUNT_TYPE, OTC_RULES, parseOtcAmount, type OtcActor, type OtcEventKind } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import type { Trx } from '../../../db/tx';
import { answerInTx } from '../../../db/idempotency-scope';
import { ok } from '../../../kernel/envelope';
import type { PriceSource } from '../../../kernel/prices';
import { fiatRate } from '../../../shared/fiat';
import type {} from '../tables'; // the area's tables join Database there

/** P2P moves the coin in the change account (type 2), like loans and the products. */
export const OTC_ACCOUNT = FUNDS_ACCOUNT_TYPE;

/** A change a party should hear about once its transaction committed (socket `otc` event). */
interface OtcPush {
  userIds: number[];
  orderId: number;
  what: 'order' | 'message';
}

export type OtcNoticeKind =
  | 'otc_order_opened'
  | 'otc_order_paid'
  | 'otc_order_released'
  | 'otc_appeal_opened'
  | 'otc_appeal_release'
  | 'otc_appeal_refund'
  | 'otc_order_timeout';

/** A notice written in a step's transaction, to be emailed after its commit (domain/notices.ts). */
export interface OtcNote {
  userId: number;
  kind: OtcNoticeKind;
  lang: string;
  orderId: number;
  params: Record<string, string>;
}

export interface OtcCtx {
  db: Db;
  prices: PriceSource;
  now: () => number;
  push: (p: OtcPush) => void;
  /**
   * after commit: each notice live on its reader's socket (not to `actorId`, who took the step and
   * sees it on their screen) and by email to those with an address (never throws: a failure is logged)
   */
  notify: (notes: readonly OtcNote[], actorId?: number) => Promise<void>;
}

export const orderRef = (id: number) => ({ type: 'otc_order', id });

/** The durable job that cancels an order left unpaid at its deadline (its key: one per order). */
export const OTC_EXPIRE_TASK = 'otc.expire';
export const OTC_EXPIRE_KEY_PREFIX = 'otc.expire:';
export const otcExpireKey = (id: number) => `${OTC_EXPIRE_KEY_PREFIX}${id}`;
/** a sell ad's escrow: frozen at posting, the unsold remainder unfrozen at closing */
export const adRef = (id: number) => ({ type: 'otc_ad', id });

export function coinAmount(raw: unknown): string {
  const v = parseOtcAmount(raw, OTC_RULES.coinDecimals);
  if (v === null) throw new AppError('otc_amount_invalid', { decimals: OTC_RULES.coinDecimals });
  return v;
}

export function fiatAmount(raw: unknown): string {
  const v = parseOtcAmount(raw, OTC_RULES.fiatDecimals);
  if (v === null) throw new AppError('otc_amount_invalid', { decimals: OTC_RULES.fiatDecimals });
  return v;
}

export async function requireFiatRate(db: Db, code: string): Promise<string> {
  const f = await fiatRate(db, code);
  if (!f) throw new AppError('otc_fiat_invalid');
  return f.rate;
}

export { currencyName } from '../../../db/currencies';

/** An order's fixed parties (they never change), or "not found" when the caller is not one of them. */
export async function partiesOf(
  db: Db,
  orderId: number,
  userId?: number,
): Promise<{ buyer_id: number; seller_id: number; merchant_id: number; taker_id: number }> {
  const o = await db
    .selectFrom('otc_orders')
    .select(['buyer_id', 'seller_id', 'merchant_id', 'taker_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!o || (userId !== undefined && o.buyer_id !== userId && o.seller_id !== userId))
    throw new AppError('otc_order_not_found');
  return o;
}

/** The order row, locked (the parties' balance locks must already be held: inTransaction's `users`). */
export async function lockOrder(trx: Trx, orderId: number) {
  return trx.selectFrom('otc_orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
}
export type OrderRow = Awaited<ReturnType<typeof lockOrder>>;

export async function addEvent(
  trx: Trx,
  e: { orderId: number; kind: OtcEventKind; actor: OtcActor; actorId?: number | null; note?: string; at: number },
): Promise<void> {
  await trx
    .insertInto('otc_order_events')
    .values({
      order_id: e.orderId,
      kind: e.kind,
      actor: e.actor,
      actor_id: e.actorId ?? null,
      note: e.note ?? '',
      created_at: new Date(e.at),
    })
    .execute();
}

export const roleOf = (o: { buyer_id: number }, userId: number): 'buyer' | 'seller' =>
  o.buyer_id === userId ? 'buyer' : 'seller';

/** Stores the request's answer under its idempotency key inside the effect's own transaction. */
export async function answered<T>(trx: Trx, userId: number, result: T): Promise<T> {
  await answerInTx(trx, userId, ok(result));
  return result;
}
