/** Row helpers every NFT money step shares: the locked item, the parties, the account money moves in. */
import { FUNDS_ACCOUNT_TYPE } from '../../../../core';
import { AppError } from '../../../errors';
import type { Trx } from '../../../db/tx';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { answerInTx } from '../../../db/idempotency-scope';
import { ok } from '../../../kernel/envelope';

/** NFT purchases, margins and proceeds move in the change account (type 2), like the products. */
export const NFT_ACCOUNT = FUNDS_ACCOUNT_TYPE;

/** the item row, locked for the rest of the transaction (every sale, bid and settlement takes it first) */
export async function lockItemByCode(trx: Trx, code: string) {
  const item = await trx.selectFrom('nft_items').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
  if (!item) throw new AppError('nft_not_found');
  return item;
}

export async function lockItemById(trx: Trx, id: number) {
  return trx.selectFrom('nft_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export type ItemRow = Awaited<ReturnType<typeof lockItemById>>;

/** The creator's user (royalties, primary-sale proceeds); null for a platform-owned artist. */
export async function creatorOf(db: Db, artistId: number): Promise<number | null> {
  const a = await db.selectFrom('nft_artists').select('user_id').where('id', '=', artistId).executeTakeFirst();
  return a?.user_id ?? null;
}

/** Refuses a sale outside [start, end). */
export function checkWindow(item: ItemRow, nowMs: number): void {
  if (nowMs < new Date(item.start_at).getTime()) throw new AppError('nft_not_started');
  if (nowMs >= new Date(item.end_at).getTime()) throw new AppError('nft_ended');
}

export const BUYABLE = ['for_sale', 'reselling', 'relisting'] as const;

/**
 * Stores the request's answer (ok(result)) under its idempotency key inside the effect's own
 * transaction, so a retry after a crash gets the same answer and never a second effect.
 */
export async function answered<T>(trx: Trx, userId: number, result: T): Promise<T> {
  await answerInTx(trx, userId, ok(result));
  return result;
}
