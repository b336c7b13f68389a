/**
 * Kill -9 a process in the middle of its blind-box purchases (buyNFT on a series, one element of
 * the box group commit each): every purchase it was told had committed is there whole — the
 * order, its box, the buyer's debit, the creator's proceeds and the fee; every other one is whole
 * too (its batch committed as the process died) or absent. Each series' boxes are 1…sold, each
 * once, with the prizes its seed gives (the verifier recomputes them). How a batch is surely in
 * flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyBoxes } from '../../../core';
import { ledgerUser, TEST_USDT as USDT } from '../../testing/ledger-kit';
import { crashTestDb, crashUsers, expectAckedCommitted, killMidBatch, orphanMoves } from '../../testing/kill-mid-batch';
import { checkJournalConsistency } from '../../db/ledger';
import { createArtist, createCollection, createSeries } from './domain';

const T0 = Date.UTC(2030, 0, 1, 12);
const PREFIX = `KX${process.pid}-`;
const MANIFEST = [
  { prize: 'SSR:Gold', count: 40 },
  { prize: 'R:Sand', count: 160 },
  { prize: 'N:Haze', count: 200 },
];
const t = crashTestDb();

/** Three series of 400 boxes at 10 USDT by one creator; returns the creator and the series. */
async function catalogue(): Promise<{ creator: number; series: { code: string; id: number }[] }> {
  const h = t.h;
  const creator = await ledgerUser(h.db);
  const artist = await createArtist(h.db, { name: 'Crash Artist', userId: creator });
  const collectionId = await createCollection(h.db, artist, 'Crash boxes');
  const series = [];
  for (let i = 0; i < 3; i++) {
    const code = `${PREFIX}${i}`;
    const s = await createSeries(h.db, {
      code,
      collectionId,
      artistId: artist,
      title: 'Box',
      currencyId: USDT,
      price: '10',
      startMs: T0 - 60_000,
      endMs: T0 + 3_600_000,
      manifest: MANIFEST,
    });
    series.push({ code, id: s.seriesId });
  }
  return { creator, series };
}

/** Each box order of the run with its box and journal rows: the debit, the proceeds, the fee. */
function perOrder() {
  return sql<{ id: number; boxes: number; n: number; buy: number; sale: number; fee: number }>`
    SELECT o.id, (SELECT count(*)::int FROM nft_boxes b WHERE b.order_id = o.id AND b.user_id = o.buyer_id) AS boxes,
      count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'nft_box_buy' AND j.user_id = o.buyer_id AND j.delta_available = -(o.price + o.fee))::int AS buy,
      count(j.id) FILTER (WHERE j.reason = 'nft_sale' AND j.user_id = o.seller_id AND j.delta_available = o.price)::int AS sale,
      count(j.id) FILTER (WHERE j.reason = 'nft_fee' AND j.delta_available = o.fee)::int AS fee
    FROM nft_orders o JOIN nft_items i ON i.id = o.item_id
      LEFT JOIN journal j ON j.ref_type = 'nft_order' AND j.ref_id = o.id::text
    WHERE i.code LIKE ${PREFIX + '%'} GROUP BY o.id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

/** A series after the run: its count, seed and boxes in order. */
async function seriesAfter(id: number) {
  const s = await t.h.db.selectFrom('nft_box_series').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const boxes = await t.h.db
    .selectFrom('nft_boxes')
    .select(['k', 'prize'])
    .where('series_id', '=', id)
    .orderBy('k')
    .execute();
  return { s, boxes };
}

describe('blind boxes under kill -9', () => {
  it('leaves each box purchase whole or absent, every acknowledged one committed, each series 1…sold', async () => {
    const h = t.h;
    const { creator, series } = await catalogue();
    const buyers = await crashUsers(h.db, 12, { amount: '100000' });
    const acked = await killMidBatch(h, {
      script: 'server/testing/nft-box-child.ts',
      users: buyers,
      env: { NFT_CODES: series.map((s) => s.code).join(','), NFT_NOW: String(T0) },
      acks: 300,
      lockUser: creator,
      statement: 'nft_box_batch',
    });
    const rows = await perOrder();
    expectAckedCommitted(acked, new Set(rows.map((r) => String(r.id))), 'box purchase');
    expect(rows.length).toBeLessThan(1200); // the kill came mid-run
    for (const r of rows) expect(r, `order ${r.id}`).toMatchObject({ boxes: 1, n: 3, buy: 1, sale: 1, fee: 1 });
    let boxes = 0;
    for (const { id } of series) {
      const { s, boxes: got } = await seriesAfter(id);
      expect(got.map((b) => b.k)).toEqual(Array.from({ length: s.sold }, (_, i) => i + 1));
      const check = verifyBoxes({
        seed: s.secret_seed,
        commitment: s.commitment,
        seriesId: id,
        manifest: MANIFEST,
        purchases: got,
      });
      expect(check.ok, `series ${id}`).toBe(true);
      boxes += got.length;
    }
    expect(boxes).toBe(rows.length); // no box without its order
    expect(await orphanMoves(h.db, 'nft_order', 'nft_orders'), 'moves without their order').toBe(0);
    const paid = await sql<{ exact: boolean }>`
      SELECT bool_and(a.available = 100000 - coalesce((SELECT sum(o.price + o.fee) FROM nft_orders o WHERE o.buyer_id = a.user_id), 0)) AS exact
      FROM accounts a WHERE a.user_id IN (${sql.join(buyers)}) AND a.currency_id = ${USDT} AND a.type = 2`.execute(
      h.db,
    );
    expect(paid.rows[0].exact).toBe(true);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
