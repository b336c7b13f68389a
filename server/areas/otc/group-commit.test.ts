/**
 * The P2P money paths on the group commit (domain/order-writer.ts, migration 058): 50 openings at
 * once against a seller's balance for 10 (exactly 10 frozen, the refused ones wrote nothing) and
 * against an ad with room for 10 (exactly 10 orders, the remaining at zero, never below); one
 * Idempotency-Key sent 10 times (one order, one answer), and its answer lost to a crash after the
 * commit (the retry answers the order opened); a release, a cancel and the deadline for one order
 * inside ONE statement (the escrow leaves once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HEADERS, type OtcOrder } from '../../../core';
import {
  MIN,
  T0,
  USDT,
  balance,
  merchant,
  okOf,
  openOn,
  otcKit,
  postAd,
  taker,
  type OtcKit,
} from '../../testing/otc-kit';
import { journalSound, oks, postAs, quickUsers, race } from '../../testing/race-kit';
import { otcWritersFor, type OpenElement } from './domain/order-writer';

let k: OtcKit;
beforeAll(async () => void (k = await otcKit()));
afterAll(async () => k?.close());

const db = () => k.t.app.db;
const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db())).rows[0].n;

/** An opening on `adId` selling `q` USDT from `seller` to the merchant `m` (a buy ad), as the request builds it. */
function opening(adId: number, m: number, seller: number, q: string): OpenElement {
  return {
    a: adId,
    t: seller,
    m,
    b: m,
    s: seller,
    c: USDT,
    q,
    f: String(Number(q) * 7),
    p: '7',
    r: '7.2',
    fi: 'CNY',
    dl: new Date(T0 + 15 * MIN).toISOString(),
    at: new Date(T0).toISOString(),
    un: 'coin',
    tl: 'en',
    ml: 'en',
    pm: [],
    mx: 1000, // the cap of open orders is not what this race is about
    ea: 'seller',
    en: '',
    no: [],
    jt: 'otc.expire',
    jk: 'otc.expire:',
    ra: new Date(T0 + 15 * MIN).toISOString(),
  };
}

describe('openings on the group commit', () => {
  it("50 at once against the seller's balance for 10: exactly 10 frozen; the 40 refused wrote nothing", async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const ad = await postAd(k.t, m, { side: 'buy', total: '1000', fixed_price: '7' });
    const s = await taker(k.t, 1, '100');
    const rows = await Promise.all(
      Array.from({ length: 50 }, () => otcWritersFor(db()).open.submit(opening(ad.id, m.id, s.id, '10'))),
    );
    expect(rows.filter((r) => r.order_id !== null)).toHaveLength(10);
    expect(rows.filter((r) => r.refused === 'insufficient_balance')).toHaveLength(40);
    expect(await balance(k.t, s.id, USDT)).toEqual({ available: '0', frozen: '100' });
    const orders = sql`SELECT id FROM otc_orders WHERE ad_id = ${ad.id}`;
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM (${orders}) o`)).toBe(10);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM otc_order_events WHERE order_id IN (${orders})`),
    ).toBe(10);
    expect(
      await count(
        sql<{ n: number }>`SELECT count(*)::int AS n FROM journal WHERE user_id = ${s.id} AND reason = 'otc_escrow'`,
      ),
    ).toBe(10);
    const left = await db().selectFrom('otc_ads').select('remaining').where('id', '=', ad.id).executeTakeFirstOrThrow();
    expect(Number(left.remaining)).toBe(900);
    await journalSound(db());
  }, 120_000);

  it('50 takers at once on an ad with room for 10 orders: exactly 10, its remaining at zero, never below', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t, '200');
    const ad = await postAd(k.t, m, { total: '200' });
    const takers = await quickUsers(k.t, 50, { level: 1 });
    const answers = await race(
      takers.map(
        (u) => () => postAs(k.t.app, '/api/otc/order/open', u.token, { ad_id: ad.id, amount: '20', unit: 'coin' }),
      ),
    );
    expect(oks(answers)).toBe(10);
    for (const a of answers.filter((x) => x.type !== 'ok')) expect(a.type).toBe('error');
    const left = await db().selectFrom('otc_ads').select('remaining').where('id', '=', ad.id).executeTakeFirstOrThrow();
    expect(Number(left.remaining)).toBe(0);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM otc_orders WHERE ad_id = ${ad.id}`)).toBe(10);
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '0', frozen: '200' });
    await journalSound(db());
  }, 120_000);

  it('one Idempotency-Key sent 10 times: one order, and every answer that came is the same order', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const ad = await postAd(k.t, m);
    const b = await taker(k.t);
    const send = () =>
      k.t.app.inject({
        method: 'POST',
        url: '/api/otc/order/open',
        payload: { ad_id: ad.id, amount: '720', unit: 'fiat' },
        headers: { authorization: b.token, [HEADERS.idempotencyKey]: 'open-once' },
      });
    const burst = (await Promise.all(Array.from({ length: 10 }, send))).map((r) => r.json());
    const retries = [];
    for (let i = 0; i < 10; i++) retries.push((await send()).json());
    const orders = await db().selectFrom('otc_orders').select('id').where('taker_id', '=', b.id).execute();
    expect(orders).toHaveLength(1);
    const answers = [...burst, ...retries].filter((a) => a.type === 'ok').map((a) => a.message as OtcOrder);
    expect(answers.length).toBeGreaterThanOrEqual(10); // every retry after the first answer
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ id: orders[0].id, status: 'unpaid', coin_amount: '100' });
    // the others of the burst were told to retry (the first still ran), never a second order
    for (const a of burst.filter((x) => x.type !== 'ok')) expect(a.type).toBe('error');
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '500' });
  }, 120_000);
  it('an answer lost to a crash after the commit: the retry answers the order opened, and opens no other', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const ad = await postAd(k.t, m);
    const b = await taker(k.t);
    const send = () =>
      k.t.app.inject({
        method: 'POST',
        url: '/api/otc/order/open',
        payload: { ad_id: ad.id, amount: '720', unit: 'fiat' },
        headers: { authorization: b.token, [HEADERS.idempotencyKey]: 'open-lost' },
      });
    const first = await okOf<OtcOrder>(send().then((r) => r.json()));
    // the crash: the statement committed (key marked with the order), its answer never stored
    const key = await db()
      .updateTable('idempotency_keys')
      .set({ response: null })
      .where('user_id', '=', b.id)
      .where('key', '=', 'open-lost')
      .returning(['committed_at', 'committed_ref'])
      .executeTakeFirstOrThrow();
    expect(key.committed_at).not.toBeNull();
    expect(key.committed_ref).toEqual({ type: 'otc_order', id: first.id });
    const again = await okOf<OtcOrder>(send().then((r) => r.json()));
    expect(again).toEqual(first);
    expect(await db().selectFrom('otc_orders').select('id').where('taker_id', '=', b.id).execute()).toHaveLength(1);
  }, 120_000);
});

describe('the escrow leaves once', () => {
  it('a release, a cancel and the deadline for one order in ONE statement: one of them moves the coin', async () => {
    const endings = new Set<string>();
    const kinds = ['release', 'cancel', 'timeout'] as const;
    for (let round = 0; round < 3; round++) {
      k.clock.now = T0;
      const m = await merchant(k.t, '100');
      const b = await taker(k.t);
      const ad = await postAd(k.t, m, { total: '100' });
      const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360')); // 50 USDT
      const at = new Date(T0 + 16 * MIN).toISOString(); // past the 15-minute window
      const els = [0, 1, 2].map((i) => {
        const kind = kinds[(i + round) % 3];
        return {
          o: o.id,
          b: b.id,
          s: m.id,
          k2: kind,
          st: kind === 'release' ? ['paid', 'unpaid'] : ['unpaid'],
          at,
          ea: kind === 'release' ? 'seller' : kind === 'cancel' ? 'buyer' : 'system',
          ei: kind === 'release' ? m.id : kind === 'cancel' ? b.id : null,
          en: '',
          no: [],
        };
      });
      const r = await sql<{ n: number; done: boolean; status: string }>`
        SELECT * FROM otc_settle_batch(${JSON.stringify(els)}::jsonb)`.execute(db());
      expect(r.rows.map((x) => x.done)).toEqual([true, false, false]);
      expect(r.rows.slice(1).map((x) => x.status)).toEqual(
        Array(2).fill(els[0].k2 === 'release' ? 'released' : 'cancelled'),
      );
      const finals = await db()
        .selectFrom('otc_order_events')
        .select('kind')
        .where('order_id', '=', o.id)
        .where('kind', 'in', ['released', 'cancelled', 'timeout'])
        .execute();
      expect(finals).toHaveLength(1);
      endings.add(finals[0].kind);
      const moves = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM journal
        WHERE ref_type = 'otc_order' AND ref_id = ${String(o.id)} AND reason IN ('otc_release', 'otc_receive', 'otc_cancel', 'otc_timeout')`);
      // a release: the seller's frozen coin spent and the buyer credited; a return to the held ad moves no balance
      expect(moves).toBe(finals[0].kind === 'released' ? 2 : 0);
      const [mb, bb] = [await balance(k.t, m.id, USDT), await balance(k.t, b.id, USDT)];
      if (finals[0].kind === 'released')
        expect([mb, bb]).toEqual([
          { available: '0', frozen: '50' },
          { available: '50', frozen: '0' },
        ]);
      else expect(mb).toEqual({ available: '0', frozen: '100' });
    }
    expect(endings).toEqual(new Set(['released', 'cancelled', 'timeout']));
    await journalSound(db());
  }, 120_000);
});
