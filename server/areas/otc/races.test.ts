/**
 * OTC escrow raced 50 ways through the API: 50 takers on an ad's last amount (exactly what was left
 * is sold, never more); release, cancel and the payment timeout on one order (exactly one ending);
 * 50 operator decisions on one appeal (one wins). Each race answers no 5xx and no deadlock, and the
 * journal still sums to the balances.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { operator } from '../../testing/funds-kit';
import {
  MIN,
  PAY,
  T0,
  USDT,
  balance,
  merchant,
  okOf,
  openOn,
  otcKit,
  pay,
  postAd,
  taker,
  type OtcKit,
} from '../../testing/otc-kit';
import { journalSound, oks, postAs, quickUsers, race, step, type Call } from '../../testing/race-kit';
import type { OtcOrder } from '../../../core';

let k: OtcKit;
beforeAll(async () => void (k = await otcKit()));
afterAll(async () => k?.close());

const otcCall =
  (path: string, token: string, fields: Record<string, string | number>): Call =>
  () =>
    postAs(k.t.app, `/api/otc/${path}`, token, fields);
const finals = async (orderId: number) =>
  (
    await sql<{
      kind: string;
    }>`SELECT kind FROM otc_order_events WHERE order_id = ${orderId} AND kind IN ('released', 'cancelled', 'timeout', 'resolved_release', 'resolved_refund') ORDER BY id`.execute(
      k.t.app.db,
    )
  ).rows.map((r) => r.kind);

it("50 takers on the ad's last 100 USDT, 20 each: exactly five orders, the ad at zero, nothing oversold", async () => {
  k.clock.now = T0;
  const m = await merchant(k.t, '500');
  const ad = await postAd(k.t, m, { total: '500' });
  // 400 taken first by one earlier taker, in two orders: the last 100 is what the crowd races for
  const early = await taker(k.t);
  for (let i = 0; i < 2; i++) await okOf(openOn(k.t, early, ad.id, '1440'));
  const takers = await quickUsers(k.t, 50, { level: 1 });
  const answers = await race(
    takers.map((u) => otcCall('order/open', u.token, { ad_id: ad.id, amount: '20', unit: 'coin' })),
  );
  expect(oks(answers)).toBe(5);
  for (const a of answers.filter((x) => x.type !== 'ok')) expect(a.type).toBe('error'); // a clear refusal, not a fault
  const adNow = await k.t.app.db
    .selectFrom('otc_ads')
    .select(['remaining'])
    .where('id', '=', ad.id)
    .executeTakeFirstOrThrow();
  expect(new Decimal(adNow.remaining).toFixed()).toBe('0');
  const sold = await sql<{
    s: string;
    n: number;
  }>`SELECT COALESCE(sum(coin_amount), 0)::text AS s, count(*)::int AS n FROM otc_orders WHERE ad_id = ${ad.id}`.execute(
    k.t.app.db,
  );
  expect({ sold: new Decimal(sold.rows[0].s).toFixed(), orders: sold.rows[0].n }).toEqual({ sold: '500', orders: 7 });
  // the merchant's coin: all 500 still frozen (in the orders), none created or lost
  expect(await balance(k.t, m.id, USDT)).toEqual({ available: '0', frozen: '500' });
  await journalSound(k.t.app.db);
}, 120_000);

it('release, cancel and the payment timeout, 50 at once on one unpaid order past its window: exactly one ending, the coin moved once', async () => {
  const endings = new Set<string>();
  for (let round = 0; round < 2; round++) {
    k.clock.now = T0 + (round + 1) * 600 * MIN;
    const m = await merchant(k.t, '100');
    const b = await taker(k.t);
    const ad = await postAd(k.t, m, { total: '100' });
    const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360')); // 50 USDT
    k.clock.now += 16 * MIN; // the 15-minute window has passed: the timeout may win too
    const calls: Call[] = Array.from({ length: 50 }, (_, i) => {
      // which kind comes first in the burst changes each round, so different ones get to win
      switch ((i + round) % 3) {
        case 0:
          return otcCall('order/release', m.token, { id: o.id, pay_password: PAY, confirm_unpaid: 1 });
        case 1:
          return otcCall('order/cancel', b.token, { id: o.id });
        default:
          return step(() => k.t.app.otc.runOnce());
      }
    });
    await race(calls);
    const ended = await finals(o.id);
    expect(ended).toHaveLength(1);
    endings.add(ended[0]);
    const status = (
      await k.t.app.db.selectFrom('otc_orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()
    ).status;
    const buyer = await balance(k.t, b.id, USDT);
    const seller = await balance(k.t, m.id, USDT);
    if (status === 'released') {
      expect(buyer).toEqual({ available: '50', frozen: '0' });
      expect(seller).toEqual({ available: '0', frozen: '50' }); // the ad's other half
    } else {
      expect(status).toBe('cancelled');
      expect(buyer).toEqual({ available: '0', frozen: '0' });
      expect(seller).toEqual({ available: '0', frozen: '100' }); // back onto the open ad, once
      const adNow = await k.t.app.db
        .selectFrom('otc_ads')
        .select('remaining')
        .where('id', '=', ad.id)
        .executeTakeFirstOrThrow();
      expect(new Decimal(adNow.remaining).toFixed()).toBe('100');
    }
    const moves = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM journal WHERE ref_type = 'otc_order' AND ref_id = ${String(o.id)}`.execute(
      k.t.app.db,
    );
    expect(moves.rows[0].n).toBe(status === 'released' ? 2 : 0);
  }
  expect(endings.size).toBeGreaterThanOrEqual(1);
  await journalSound(k.t.app.db);
}, 120_000);

it('50 operator decisions on one appeal (release and refund, two operators): one wins, logged once, the coin moved once', async () => {
  k.clock.now = T0 + 10_000 * MIN;
  const ops = [await operator(k.t), await operator(k.t)];
  for (let round = 0; round < 2; round++) {
    const m = await merchant(k.t, '100');
    const b = await taker(k.t);
    const ad = await postAd(k.t, m, { total: '100' });
    const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360'));
    expect((await pay(k.t, b, o.id)).type).toBe('ok');
    await okOf(
      postAs(k.t.app, '/api/otc/order/appeal', b.token, { id: o.id, reason: 'paid, no release' }).then(
        (r) => r.json() as { type: string; message: unknown },
      ),
    );
    const answers = await race(
      Array.from(
        { length: 50 },
        (_, i): Call =>
          () =>
            postAs(k.t.app, `/admin/api/otc/orders/${o.id}/resolve`, ops[i % 2], {
              outcome: (i + round) % 2 ? 'release' : 'refund',
              reason: `decision ${i}`,
            }),
      ),
    );
    expect(oks(answers)).toBe(1);
    const status = (
      await k.t.app.db.selectFrom('otc_orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()
    ).status;
    expect(['released', 'refunded']).toContain(status);
    expect(await finals(o.id)).toEqual([status === 'released' ? 'resolved_release' : 'resolved_refund']);
    const logged = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM operator_actions WHERE target = ${`otc_order:${o.id}`} AND action LIKE 'otc_appeal_%'`.execute(
      k.t.app.db,
    );
    expect(logged.rows[0].n).toBe(1);
    expect(await balance(k.t, b.id, USDT)).toEqual(
      status === 'released' ? { available: '50', frozen: '0' } : { available: '0', frozen: '0' },
    );
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '0', frozen: status === 'released' ? '50' : '100' });
  }
  await journalSound(k.t.app.db);
}, 120_000);
