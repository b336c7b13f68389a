/**
 * Kill -9 a process in the middle of its P2P orders (the OTC group commit: openings, releases,
 * cancels, timeouts — testing/otc-child.ts), then restart: every step it was told had committed is
 * there; every order is whole — its escrow frozen once, and at most one ending with its moves (the
 * coin to the buyer, or back to the seller) — never a move without its order nor an order without
 * its escrow or its deadline's job. The restart's deadline sweep then ends each order left unpaid
 * exactly once (a second sweep ends none), and the balances, the ad's remaining and the journal
 * agree. How a batch is surely in flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerUser, TEST_USDT as USDT } from '../../testing/ledger-kit';
import { crashTestDb, crashUsers, expectAckedCommitted, killMidBatch, orphanMoves } from '../../testing/kill-mid-batch';
import { jobKeys } from '../../testing/jobs-kit';
import { checkJournalConsistency } from '../../db/ledger';
import { hashPassword } from '../../auth/passwords';
import { expireDue } from './domain/orders';
import { otcExpireKey } from './domain/shared';

const T0 = Date.UTC(2030, 0, 1, 12);
const TAKERS = 20;
const GRANT = 100_000;
const TOTAL = 1_000_000;
const PAY = 'pay-secret-1';
const t = crashTestDb(async (h) => {
  await sql`INSERT INTO settings (key, value) VALUES ('fiat_rate_CNY', '7.2') ON CONFLICT (key) DO NOTHING`.execute(
    h.db,
  );
  // level 1 may open orders up to 2,000 USDT (the kyc area's default limits)
  await sql`INSERT INTO level_limits (level, withdraw_24h_btc, fiat_order_usdt) VALUES (1, 200, 2000) ON CONFLICT (level) DO NOTHING`.execute(
    h.db,
  );
});

/** The merchant (approved) and its buy ad: 7 CNY per USDT, held nothing (the takers' coin is frozen at opening). */
async function buyAd(): Promise<{ merchant: number; ad: number }> {
  const db = t.h.db;
  const merchant = await ledgerUser(db);
  await db.insertInto('otc_merchants').values({ user_id: merchant, name: 'Crash M', status: 'approved' }).execute();
  const ad = await sql<{ id: number }>`
    INSERT INTO otc_ads (merchant_id, side, coin_id, fiat, price_type, fixed_price, total, remaining, min_fiat, max_fiat, pay_kinds, window_min)
    VALUES (${merchant}, 'buy', ${USDT}, 'CNY', 'fixed', 7, ${TOTAL}, ${TOTAL}, 1, 100000, '["bank"]', 15) RETURNING id`.execute(
    db,
  );
  return { merchant, ad: ad.rows[0].id };
}

/** The takers: level 1, a payment password, a bank method, GRANT USDT on the change account. */
async function takers(): Promise<number[]> {
  const db = t.h.db;
  const ids = await crashUsers(db, TAKERS, { amount: String(GRANT) });
  const hash = await hashPassword(PAY);
  await db.updateTable('users').set({ level: 1, pay_password_hash: hash }).where('id', 'in', ids).execute();
  await db
    .insertInto('otc_pay_methods')
    .values(ids.map((u) => ({ user_id: u, kind: 'bank', name: 'T', account: '6222', bank: 'B' })))
    .execute();
  return ids;
}

/** Each order with its money's journal rows, counted by what they are. */
function perOrder(ad: number) {
  return sql<{
    id: number;
    status: string;
    seller: number;
    escrow: number;
    release: number;
    receive: number;
    back: number;
    finals: number;
    n: number;
  }>`
    SELECT o.id, o.status, o.seller_id AS seller, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'otc_escrow' AND j.user_id = o.seller_id AND j.delta_available = -o.coin_amount AND j.delta_frozen = o.coin_amount)::int AS escrow,
      count(j.id) FILTER (WHERE j.reason = 'otc_release' AND j.user_id = o.seller_id AND j.delta_frozen = -o.coin_amount AND j.delta_available = 0)::int AS release,
      count(j.id) FILTER (WHERE j.reason = 'otc_receive' AND j.user_id = o.buyer_id AND j.delta_available = o.coin_amount)::int AS receive,
      count(j.id) FILTER (WHERE j.reason IN ('otc_cancel', 'otc_timeout') AND j.user_id = o.seller_id AND j.delta_available = o.coin_amount AND j.delta_frozen = -o.coin_amount)::int AS back,
      (SELECT count(*)::int FROM otc_order_events e WHERE e.order_id = o.id AND e.kind IN ('released', 'cancelled', 'timeout')) AS finals
    FROM otc_orders o LEFT JOIN journal j ON j.ref_type = 'otc_order' AND j.ref_id = o.id::text
    WHERE o.ad_id = ${ad} GROUP BY o.id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

/** Every order whole: its escrow once, and its ending's moves exactly when its status says it ended. */
function expectWhole(rows: Awaited<ReturnType<typeof perOrder>>): void {
  for (const r of rows) {
    const ended = { released: [1, 1, 0, 1], cancelled: [0, 0, 1, 1], unpaid: [0, 0, 0, 0] }[r.status];
    expect(ended, `order ${r.id}: ${r.status}`).toBeDefined();
    expect([r.escrow, r.release, r.receive, r.back, r.finals], `order ${r.id}: ${r.status}`).toEqual([1, ...ended!]);
    expect(r.n, `order ${r.id}: no other move`).toBe(1 + ended![0] + ended![1] + ended![2]);
  }
}

describe('P2P orders under kill -9', () => {
  it('leaves every order whole, each acknowledged step committed, and the restart ends each unpaid order once', async () => {
    const h = t.h;
    const { merchant, ad } = await buyAd();
    const sellers = await takers();
    const acked = await killMidBatch(h, {
      script: 'server/testing/otc-child.ts',
      users: sellers,
      env: { OTC_AD: String(ad), OTC_MERCHANT: String(merchant), OTC_NOW: String(T0), OTC_PAY: PAY },
      acks: 240,
      lockUser: merchant, // a party of every order: the next batch surely waits
      statement: '_batch($1',
    });
    let rows = await perOrder(ad);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const opened = [...acked].filter((a) => a.startsWith('open ')).map((a) => a.slice(5));
    expectAckedCommitted(new Set(opened), new Set(byId.keys()), 'opening');
    for (const a of acked) {
      const [kind, id] = a.split(' ');
      if (kind !== 'open')
        expect(byId.get(id)?.status, `${kind} of order ${id}`).toBe(kind === 'release' ? 'released' : 'cancelled');
    }
    expectWhole(rows);
    const unpaid = rows.filter((r) => r.status === 'unpaid');
    expect(unpaid.length, 'the kill came mid-run: some orders were left unpaid').toBeGreaterThan(0);
    const jobs = new Set(await jobKeys(h.db, 'otc.expire:'));
    for (const r of unpaid) expect(jobs.has(otcExpireKey(r.id)), `order ${r.id}'s deadline job`).toBe(true);
    expect(await orphanMoves(h.db, 'otc_order', 'otc_orders'), 'moves without their order').toBe(0);

    // the restart: the deadline sweep ends each order left unpaid, once; a second pass ends none
    const ctx = {
      db: h.db,
      prices: { lastPrice: () => undefined },
      now: () => T0 + 60 * 60_000,
      push: () => {},
      notify: async () => {},
    };
    expect(await expireDue(ctx)).toBe(unpaid.length);
    expect(await expireDue(ctx)).toBe(0);
    rows = await perOrder(ad);
    expect(rows.filter((r) => r.status === 'unpaid')).toEqual([]);
    expectWhole(rows);

    // the coin: each taker less what they released, nothing left frozen; the merchant got it; the ad says so
    const released = new Map<number, number>();
    for (const r of rows) if (r.status === 'released') released.set(r.seller, (released.get(r.seller) ?? 0) + 1);
    const bal = await h.db
      .selectFrom('accounts')
      .select(['user_id', 'available', 'frozen'])
      .where('user_id', 'in', [...sellers, merchant])
      .where('currency_id', '=', USDT)
      .where('type', '=', 2)
      .execute();
    const total = [...released.values()].reduce((a, b) => a + b, 0);
    for (const b of bal) {
      const want = b.user_id === merchant ? total : GRANT - (released.get(b.user_id) ?? 0);
      expect([Number(b.available), Number(b.frozen)], `user ${b.user_id}`).toEqual([want, 0]);
    }
    const left = await h.db.selectFrom('otc_ads').select('remaining').where('id', '=', ad).executeTakeFirstOrThrow();
    expect(Number(left.remaining)).toBe(TOTAL - total);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 180_000);
});
