/**
 * What an auction tells its bidders: the previous highest bidder that they were outbid
 * (auction.ts), the winner what to pay and by when, every other margin holder that the margin is
 * back (settle.ts). The in-app inbox entry is written in the step's own transaction (a bid or a
 * settlement that rolls back tells no one; one that commits is in the inbox even for a user who
 * was offline); after the commit each notice goes live to the user's socket room (a toast in their
 * open app) and by email where they have an address, in their account's language
 * (user_prefs.lang, which Settings keeps; English without one). A crash between the commit and the
 * delivery loses only the toast and the email.
 */
import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, normalizeLang, type Lang, type NftNoticeKind, type TradeNotice } from '../../../core';
import type { MessageKey } from '../../errors';
import type { Db } from '../../db/schema';
import { addNotice } from '../../db/notices';
import type { Trx } from '../../db/tx';
import { translate } from '../../i18n/messages';
import { canon } from '../../kernel/decimal';
import { currencyName } from '../../db/currencies';

const NFT_NOTICE_KEYS: Record<NftNoticeKind, { title: MessageKey; body: MessageKey }> = {
  nft_outbid: { title: 'nft_outbid_title', body: 'nft_outbid_body' },
  nft_auction_won: { title: 'nft_auction_won_title', body: 'nft_auction_won_body' },
  nft_margin_refunded: { title: 'nft_margin_refunded_title', body: 'nft_margin_refunded_body' },
};

/** One notice to deliver after the commit; `refId` as TradeNotice's ref documents for 'nft'. */
export interface NftNote {
  userId: number;
  kind: NftNoticeKind;
  refId: number;
  params: Record<string, string>;
}

/** After commit: delivers the notes; never throws (a failure is logged). */
export type NftNotify = (notes: readonly NftNote[]) => Promise<void>;

/** The item as every notice names it. */
export interface Lot {
  title: string;
  code: string;
  currency: string;
}

const HOUR_MS = 3_600_000;

export async function lotOf(db: Db, item: { title: string; code: string; currency_id: number }): Promise<Lot> {
  return { title: item.title, code: item.code, currency: await currencyName(db, item.currency_id) };
}

/** To the bidder who led until `bid`: the new highest bid and the least that leads again (exact decimals). */
export function outbidNote(userId: number, lot: Lot, bidId: number, bid: string, nextMin: string): NftNote {
  return { userId, kind: 'nft_outbid', refId: bidId, params: { ...lot, bid: canon(bid), next_min: canon(nextMin) } };
}

/**
 * To the winner: the amount due (price + fee) and the time left. The window runs from the end, so
 * hours are what is left at settlement (the whole window when the job runs on time), at least one;
 * the email also gives the deadline itself.
 */
export function wonNote(
  userId: number,
  lot: Lot,
  orderId: number,
  o: { price: string; total: string; margin: string; deadlineMs: number },
  nowMs: number,
): NftNote {
  const hours = Math.max(1, Math.round((o.deadlineMs - nowMs) / HOUR_MS));
  const deadline = new Date(o.deadlineMs).toISOString().slice(0, 16).replace('T', ' ');
  return {
    userId,
    kind: 'nft_auction_won',
    refId: orderId,
    params: {
      ...lot,
      price: canon(o.price),
      amount: canon(o.total),
      margin: canon(o.margin),
      hours: String(hours),
      deadline,
    },
  };
}

/** To a margin holder who did not win: the margin that came back. */
export function refundNote(userId: number, lot: Lot, marginId: number, margin: string): NftNote {
  return { userId, kind: 'nft_margin_refunded', refId: marginId, params: { ...lot, margin: canon(margin) } };
}

/** The notes' inbox entries, in the step's transaction (message keys: each reads in the reader's language). */
export async function inboxNotes(trx: Trx, notes: readonly NftNote[]): Promise<void> {
  for (const n of notes)
    await addNotice(trx, {
      userId: n.userId,
      kind: n.kind,
      title: NFT_NOTICE_KEYS[n.kind].title,
      body: NFT_NOTICE_KEYS[n.kind].body,
      params: n.params,
    });
}

/** The reader's language and email address; English and no email when they cannot be read. */
async function reader(db: Db, userId: number): Promise<{ lang: Lang; email: string | null }> {
  const u = await db
    .selectFrom('users')
    .leftJoin('user_prefs as p', 'p.user_id', 'users.id')
    .select(['users.email', 'p.lang'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return { lang: normalizeLang(u?.lang), email: u?.email ?? null };
}

export function nftDeliverer(app: FastifyInstance): NftNotify {
  return async (notes) => {
    for (const n of notes) {
      const keys = NFT_NOTICE_KEYS[n.kind];
      const who = await reader(app.db, n.userId).catch((err: unknown) => {
        app.log.warn({ err, user: n.userId, kind: n.kind }, 'nft notice reader failed');
        return { lang: 'en' as const, email: null };
      });
      const body = translate(keys.body, who.lang, n.params);
      const notice: TradeNotice = {
        kind: n.kind,
        key: keys.body,
        params: n.params,
        text: body,
        ref: { type: 'nft', id: n.refId },
      };
      app.market.emitToUser(n.userId, SOCKET_EVENTS.notice, notice);
      if (!who.email) continue; // a phone-only user: the live notice only
      try {
        await app.notify.send({
          channel: 'email',
          to: who.email,
          subject: translate(keys.title, who.lang, n.params),
          body,
        });
      } catch (err) {
        app.log.warn({ err, user: n.userId, kind: n.kind }, 'nft notice email failed');
      }
    }
  };
}
