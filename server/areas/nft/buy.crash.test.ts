/**
 * Kill -9 a process in the middle of its fixed-price purchases (buyNFT, one element of the NFT
 * purchase's group commit each): every purchase it was told had committed is there whole — the
 * order, the item with its buyer, the buyer's debit, the seller's and the fee account's credits;
 * every other one is either whole too (its batch committed as the process died) or absent: no order
 * without its moves, no move or ownership without its order. How a batch is surely in flight at the
 * kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerUser, TEST_USDT as USDT } from '../../testing/ledger-kit';
import { crashTestDb, crashUsers, expectAckedCommitted, killMidBatch, orphanMoves } from '../../testing/kill-mid-batch';
import { checkJournalConsistency } from '../../db/ledger';
import { createArtist, createCollection, createItem } from './domain';

const T0 = Date.UTC(2030, 0, 1, 12);
const ITEMS = 1500;
const PREFIX = `KB${process.pid}-`;
const t = crashTestDb();

/** `ITEMS` fixed-price first sales at 10 USDT by one creator, codes PREFIX0…; returns the creator. */
async function catalogue(): Promise<number> {
  const h = t.h;
  const creator = await ledgerUser(h.db);
  const artist = await createArtist(h.db, { name: 'Crash Artist', userId: creator });
  const collectionId = await createCollection(h.db, artist, 'Crash');
  const common = { collectionId, artistId: artist, title: 'K', currencyId: USDT, price: '10' };
  const span = { startMs: T0 - 60_000, endMs: T0 + 3_600_000, margin: '0', perIncrease: '0' };
  const id = await createItem(h.db, { ...common, ...span, code: `${PREFIX}0`, payType: 1 });
  await sql`INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at, royalty_rate)
    SELECT ${PREFIX} || g, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at, royalty_rate
    FROM nft_items, generate_series(1, ${ITEMS - 1}) AS g WHERE id = ${id}`.execute(h.db);
  return creator;
}

/** Each order of the run with its journal rows: the debit, the sale's credit, the fee's. */
function perOrder() {
  return sql<{ id: number; buyer_id: number; owner: number | null; n: number; buy: number; sale: number; fee: number }>`
    SELECT o.id, o.buyer_id, i.owner_id AS owner, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'nft_buy' AND j.user_id = o.buyer_id AND j.delta_available = -(o.price + o.fee))::int AS buy,
      count(j.id) FILTER (WHERE j.reason = 'nft_sale' AND j.user_id = o.seller_id AND j.delta_available = o.price)::int AS sale,
      count(j.id) FILTER (WHERE j.reason = 'nft_fee' AND j.delta_available = o.fee)::int AS fee
    FROM nft_orders o JOIN nft_items i ON i.id = o.item_id
      LEFT JOIN journal j ON j.ref_type = 'nft_order' AND j.ref_id = o.id::text
    WHERE i.code LIKE ${PREFIX + '%'} GROUP BY o.id, i.owner_id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

describe('NFT purchases under kill -9', () => {
  it('leaves each purchase whole or absent, and every acknowledged one committed', async () => {
    const h = t.h;
    const creator = await catalogue();
    const buyers = await crashUsers(h.db, 12, { amount: '100000' });
    const acked = await killMidBatch(h, {
      script: 'server/testing/nft-buy-child.ts',
      users: buyers,
      env: { NFT_PREFIX: PREFIX, NFT_COUNT: String(ITEMS), NFT_NOW: String(T0) },
      acks: 300,
      lockUser: creator,
      statement: 'nft_buy_batch',
    });
    const rows = await perOrder();
    expectAckedCommitted(acked, new Set(rows.map((r) => String(r.id))), 'purchase');
    expect(rows.length).toBeLessThan(ITEMS); // the kill came mid-run
    for (const r of rows)
      expect(r, `order ${r.id}`).toMatchObject({ owner: r.buyer_id, n: 3, buy: 1, sale: 1, fee: 1 });
    // no ownership without its order, no move without its order
    const owned = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM nft_items i WHERE i.code LIKE ${PREFIX + '%'} AND i.owner_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM nft_orders o WHERE o.item_id = i.id)`.execute(h.db);
    expect(owned.rows[0].n, 'items owned without an order').toBe(0);
    expect(await orphanMoves(h.db, 'nft_order', 'nft_orders'), 'moves without their order').toBe(0);
    // each buyer: the grant less what their recorded orders cost, exactly
    const paid = await sql<{ exact: boolean }>`
      SELECT bool_and(a.available = 100000 - coalesce((SELECT sum(o.price + o.fee) FROM nft_orders o WHERE o.buyer_id = a.user_id), 0)) AS exact
      FROM accounts a WHERE a.user_id IN (${sql.join(buyers)}) AND a.currency_id = ${USDT} AND a.type = 2`.execute(
      h.db,
    );
    expect(paid.rows[0].exact).toBe(true);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
