/** The read side of /bind_box/'s bids: an item's bid log and a user's own bids. */
import type { NftBid, Page } from '../../../../core';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { AppError } from '../../../errors';
import { canon } from '../../../kernel/decimal';
import { iso } from '../../../kernel/time';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

function bidQuery(db: Db) {
  return db
    .selectFrom('nft_bids as b')
    .innerJoin('nft_items as i', 'i.id', 'b.item_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'i.code', 'i.title', 'u.nickname', 'b.user_id', 'b.price', 'b.created_at']);
}
// people are shown by a masked name: a bid log or a receipt must not expose who holds what
export const maskUser = (nickname: string | null, id: number) =>
  `${(nickname ?? 'user').slice(0, 2)}***${String(id).slice(-2)}`;
const toBid = (b: {
  id: number;
  code: string;
  title: string;
  nickname: string | null;
  user_id: number;
  price: string;
  created_at: Date | string;
}): NftBid => ({
  id: b.id,
  code: b.code,
  name: b.title,
  user: maskUser(b.nickname, b.user_id),
  price: canon(b.price),
  created_at: iso(new Date(b.created_at))!,
});

/** getBindBoxQuotationLog {code}: the bids on one item, newest first */
export async function bidLog(db: Db, code: string): Promise<NftBid[]> {
  const item = await db.selectFrom('nft_items').select(['id', 'start_at']).where('code', '=', code).executeTakeFirst();
  if (!item) throw new AppError('nft_not_found');
  // the current sale's bids: a relisted item starts again (its earlier rounds' bids are history)
  return (
    await bidQuery(db)
      .where('b.item_id', '=', item.id)
      .where('b.created_at', '>=', new Date(item.start_at))
      .orderBy('b.id', 'desc')
      .limit(500)
      .execute()
  ).map(toBid);
}

/** getMyBindBoxQuotationLog {page}: the caller's bids */
export async function myBids(db: Db, userId: number, p: Paging): Promise<Page<NftBid>> {
  const total = await db
    .selectFrom('nft_bids')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await bidQuery(db)
    .where('b.user_id', '=', userId)
    .orderBy('b.id', 'desc')
    .limit(p.limit)
    .offset(offset(p))
    .execute();
  return pageOf(rows.map(toBid), p, Number(total.n));
}
