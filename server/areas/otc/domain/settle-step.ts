/**
 * The escrow's way out on the group commit (order-writer.ts, migration 058): a release (to the
 * buyer), a cancel or a timeout (back to the seller and the ad) is one element of a shared
 * statement whose status guard, under the order's row lock, lets one of them happen — a release
 * racing a cancel or the deadline job moves the coin once, and the loser is told the status it
 * found. Read here without a lock: the order's fixed fields (parties, amounts, languages), which
 * build the notices; the statement reads the status and the escrow itself.
 */
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
import { OTC_NOTICE_KEYS, notesFor, type Party } from './notices';
import { currencyName, type OrderRow, type OtcCtx, type OtcNote, type OtcNoticeKind } from './shared';
import { keyPart, otcWritersFor, type NoticeElement, type SettleElement } from './order-writer';

/** The group commit's handle: the pool (a transaction has none: its caller takes the transaction path). */
export function poolOf(db: Db): Kysely<Database> | null {
  return db.isTransaction ? null : (db as Kysely<Database>);
}

/** The order as read for a step (no lock): its fixed fields are what the notices say. */
export async function readOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('otc_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The in-app notices as the statement writes them, from the emails' notes. */
export function noticeElements(notes: readonly OtcNote[]): NoticeElement[] {
  return notes.map((n) => ({
    u: n.userId,
    kind: n.kind,
    title: OTC_NOTICE_KEYS[n.kind].title,
    body: OTC_NOTICE_KEYS[n.kind].body,
    params: n.params,
  }));
}

export interface Settle {
  kind: SettleElement['k2'];
  /** the statuses the step starts from */
  from: readonly string[];
  actor: SettleElement['ea'];
  /** who took the step (the key's user, and not told of their own notice); null: the deadline job */
  actorId: number | null;
  /** the event's note; `noteUnpaid`: its note when the order was still unpaid */
  note?: string;
  noteUnpaid?: string;
  notice?: { kind: OtcNoticeKind; to: readonly Party[] };
  /** the actor's request's idempotency key (marked by the step's statement) */
  key?: IdempotencyScope;
}

/**
 * Runs the step; when the statement's guard refused it, the status it found (the caller's error).
 * Done: the emails to send, after the caller told the parties' sockets (delivered).
 */
export async function settleStep(
  ctx: OtcCtx,
  db: Kysely<Database>,
  o: OrderRow,
  s: Settle,
  nowMs: number,
): Promise<{ done: true; notes: OtcNote[] } | { done: false; status: string }> {
  const key = s.actorId === null ? undefined : keyToMark(s.key, [s.actorId]);
  const notes = s.notice ? notesFor(o, s.notice.kind, s.notice.to, await currencyName(db, o.coin_id)) : [];
  const row = await otcWritersFor(db).settle.submit({
    o: o.id,
    b: o.buyer_id,
    s: o.seller_id,
    k2: s.kind,
    st: [...s.from],
    at: new Date(nowMs).toISOString(),
    ea: s.actor,
    ei: s.actorId,
    en: s.note ?? '',
    ...(s.noteUnpaid ? { eu: s.noteUnpaid } : {}),
    no: noticeElements(notes),
    ...keyPart(key),
  });
  if (row.dup) throw new KeyTaken();
  if (!row.done) return { done: false, status: row.status };
  return { done: true, notes };
}

/** After a step's commit: both parties' sockets, then the notices (not to `actorId`'s socket) and emails. */
export async function delivered(
  ctx: OtcCtx,
  o: Pick<OrderRow, 'id' | 'buyer_id' | 'seller_id'>,
  notes: readonly OtcNote[],
  actorId?: number,
): Promise<void> {
  ctx.push({ userIds: [o.buyer_id, o.seller_id], orderId: o.id, what: 'order' });
  await ctx.notify(notes, actorId);
}
