/**
 * Kill -9 a process in the middle of paying won auctions (payNFTOrder, one element of the
 * payments' group commit each): every payment it was told had committed is there whole — the
 * order paid, the winner's margin back, the debit, the seller's proceeds and the fee, the item the
 * winner's; every other one is whole too (its batch committed as the process died) or absent —
 * the order still awaiting payment, the margin still frozen, nothing journaled, the item unsold.
 * How a batch is surely in flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { feesFor } from '../../../core';
import { ledgerUser, TEST_USDT as USDT } from '../../testing/ledger-kit';
import { crashTestDb, crashUsers, expectAckedCommitted, killMidBatch, orphanMoves } from '../../testing/kill-mid-batch';
import { checkJournalConsistency, freeze } from '../../db/ledger';
import { inTransaction } from '../../db/tx';
import { createArtist, createCollection, createItem } from './domain';

const T0 = Date.UTC(2030, 0, 1, 12);
const PREFIX = `PX${process.pid}-`;
const ORDERS = 600;
const MARGIN = 1;
const t = crashTestDb();

/**
 * ORDERS auctions of one creator won at 100 USDT by `winners` in turn, settled: each an order
 * awaiting payment and the winner's margin held (frozen). Returns the creator and `order:winner` pairs.
 */
async function wonAuctions(winners: number[]): Promise<{ creator: number; pairs: string[] }> {
  const h = t.h;
  const creator = await ledgerUser(h.db);
  const artist = await createArtist(h.db, { name: 'Crash Artist', userId: creator });
  const collectionId = await createCollection(h.db, artist, 'Crash auctions');
  const common = { collectionId, artistId: artist, title: 'A', currencyId: USDT, price: '100', payType: 2 as const };
  const span = { startMs: T0 - 3_600_000, endMs: T0 - 60_000, margin: String(MARGIN), perIncrease: '1' };
  const id = await createItem(h.db, { ...common, ...span, code: `${PREFIX}0` });
  await sql`INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at, royalty_rate, margin, per_increase)
    SELECT ${PREFIX} || g, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at, royalty_rate, margin, per_increase
    FROM nft_items, generate_series(1, ${ORDERS - 1}) AS g WHERE id = ${id}`.execute(h.db);
  const items = await h.db
    .selectFrom('nft_items')
    .select('id')
    .where('code', 'like', `${PREFIX}%`)
    .orderBy('id')
    .execute();
  const dec = await h.db
    .selectFrom('currencies')
    .select('qty_decimals')
    .where('id', '=', USDT)
    .executeTakeFirstOrThrow();
  const fees = feesFor('100', dec.qty_decimals, '0', false);
  await h.db
    .updateTable('nft_items')
    .set({ auction_state: 'awaiting_payment', on_sale: false })
    .where('code', 'like', `${PREFIX}%`)
    .execute();
  const winnerOf = (j: number) => winners[j % winners.length];
  const orders = await h.db
    .insertInto('nft_orders')
    .values(
      items.map((it, j) => ({
        item_id: it.id,
        buyer_id: winnerOf(j),
        seller_id: creator,
        kind: 'auction' as const,
        currency_id: USDT,
        price: fees.price,
        fee: fees.fee,
        royalty: '0',
        margin: String(MARGIN),
        status: 'awaiting_payment' as const,
        pay_deadline: new Date(T0 + 86_400_000),
        auction_end_at: new Date(T0 - 60_000),
        created_at: new Date(T0 - 60_000),
      })),
    )
    .returning(['id', 'buyer_id'])
    .execute();
  await h.db
    .insertInto('nft_margins')
    .values(
      items.map((it, j) => ({ item_id: it.id, user_id: winnerOf(j), amount: String(MARGIN), status: 'held' as const })),
    )
    .execute();
  for (const w of winners) {
    const held = orders.filter((o) => o.buyer_id === w).length * MARGIN;
    await inTransaction(h.db, (trx) =>
      freeze(trx, { userId: w, currencyId: USDT, type: 2, amount: String(held), reason: 'nft_margin' }),
    );
  }
  return { creator, pairs: orders.map((o) => `${o.id}:${o.buyer_id}`) };
}

/** Each order of the run with its item and its journal rows: the debit, the proceeds, the fee, the margin back. */
function perOrder() {
  return sql<{
    id: number;
    status: string;
    paid: boolean;
    n: number;
    buy: number;
    sale: number;
    fee: number;
    back: number;
    margin: string;
  }>`
    SELECT o.id, o.status, (i.owner_id = o.buyer_id AND i.auction_state = 'paid') AS paid, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'nft_buy' AND j.user_id = o.buyer_id AND j.delta_available = -(o.price + o.fee))::int AS buy,
      count(j.id) FILTER (WHERE j.reason = 'nft_sale' AND j.user_id = o.seller_id AND j.delta_available = o.price)::int AS sale,
      count(j.id) FILTER (WHERE j.reason = 'nft_fee' AND j.delta_available = o.fee)::int AS fee,
      (SELECT count(*)::int FROM journal jm WHERE jm.ref_type = 'nft_margin' AND jm.ref_id = m.id::text
        AND jm.reason = 'nft_margin_refund' AND jm.delta_frozen = -m.amount) AS back,
      m.status AS margin
    FROM nft_orders o JOIN nft_items i ON i.id = o.item_id
      JOIN nft_margins m ON m.item_id = o.item_id AND m.user_id = o.buyer_id
      LEFT JOIN journal j ON j.ref_type = 'nft_order' AND j.ref_id = o.id::text
    WHERE i.code LIKE ${PREFIX + '%'} GROUP BY o.id, i.owner_id, i.auction_state, m.id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

describe('won auctions paid under kill -9', () => {
  it('leaves each payment whole or absent, every acknowledged one committed', async () => {
    const h = t.h;
    const winners = await crashUsers(h.db, 12, { amount: '100000' });
    const { creator, pairs } = await wonAuctions(winners);
    const acked = await killMidBatch(h, {
      script: 'server/testing/nft-pay-child.ts',
      users: winners,
      env: { NFT_ORDERS: pairs.join(','), NFT_NOW: String(T0) },
      acks: 200,
      lockUser: creator,
      statement: 'nft_pay_batch',
    });
    const rows = await perOrder();
    expect(rows).toHaveLength(ORDERS);
    const paid = rows.filter((r) => r.status === 'paid');
    expectAckedCommitted(acked, new Set(paid.map((r) => String(r.id))), 'payment');
    expect(paid.length).toBeLessThan(ORDERS); // the kill came mid-run
    for (const r of rows)
      expect(r, `order ${r.id}`).toEqual(
        r.status === 'paid'
          ? { ...r, paid: true, n: 3, buy: 1, sale: 1, fee: 1, back: 1, margin: 'refunded' }
          : { ...r, status: 'awaiting_payment', paid: false, n: 0, back: 0, margin: 'held' },
      );
    expect(await orphanMoves(h.db, 'nft_order', 'nft_orders'), 'moves without their order').toBe(0);
    // each winner: 100000 less the margins still held (frozen) and price + fee of each order paid
    const exact = await sql<{ exact: boolean }>`
      SELECT bool_and(a.frozen = (SELECT count(*) FROM nft_orders o WHERE o.buyer_id = a.user_id AND o.status = 'awaiting_payment') * ${MARGIN}
        AND a.available + a.frozen = 100000 - coalesce((SELECT sum(o.price + o.fee) FROM nft_orders o WHERE o.buyer_id = a.user_id AND o.status = 'paid'), 0)) AS exact
      FROM accounts a WHERE a.user_id IN (${sql.join(winners)}) AND a.currency_id = ${USDT} AND a.type = 2`.execute(
      h.db,
    );
    expect(exact.rows[0].exact).toBe(true);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
