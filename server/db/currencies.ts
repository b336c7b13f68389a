import type { Db } from './schema';

/** A currency's name as notices and messages write it (USDT); `#id` when the row is missing. One for every area. */
export async function currencyName(db: Db, id: number): Promise<string> {
  const c = await db.selectFrom('currencies').select('name').where('id', '=', id).executeTakeFirst();
  return c?.name ?? `#${id}`;
}
