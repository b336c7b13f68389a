/**
 * One order, every step at once: the seller's release, the buyer's cancel and appeal, the deadline
 * job, the operator's decision and the ad's take-down race on the same order, round after round,
 * from each starting state. Whatever wins, the escrow leaves at most once and never vanishes: the
 * coin is either still frozen (in the order, or back on the open ad), with the buyer, or back in the
 * seller's available balance (the ad closed) — never twice, never nowhere — every answer is an
 * envelope (no 5xx), and balances equal their journals. Then a crash after the first timeout's
 * commit: after the restart the rest are cancelled, and none twice.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig } from '../../config';
import { checkJournalConsistency } from '../../db/ledger';
import { createTestDb } from '../../testing/db';
import { operator } from '../../testing/funds-kit';
import {
  MIN,
  PAY,
  T0,
  USDT,
  balance,
  bootOtc,
  merchant,
  okOf,
  openOn,
  otc,
  otcKit,
  pay,
  postAd,
  prices,
  taker,
  type OtcKit,
} from '../../testing/otc-kit';
import type { TestApp } from '../../testing/app';
import type { OtcOrder } from '../../../core';

let k: OtcKit;
beforeAll(async () => {
  k = await otcKit();
});
afterAll(async () => k?.close());

const total = (b: { available: string; frozen: string }) => new Decimal(b.available).plus(b.frozen);

it('release, cancel, appeal, deadline, the operator and the take-down racing on one order: the escrow moves once and is never lost', async () => {
  const op = await operator(k.t);
  const asOperator = (url: string, payload: string) =>
    k.t.app
      .inject({
        method: 'POST',
        url: `/admin/api/otc${url}`,
        headers: { authorization: op, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      })
      .then((r) => r.json() as { type: string });
  const resolveBy = (id: number, outcome: string) =>
    asOperator(`/orders/${id}/resolve`, `outcome=${outcome}&reason=race+check`);
  const outcomes = new Set<string>();
  for (let round = 0; round < 12; round++) {
    k.clock.now = T0 + round * 120 * MIN;
    const m = await merchant(k.t, '100');
    const b = await taker(k.t);
    const ad = await postAd(k.t, m, { total: '100' });
    const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360')); // 50 USDT: half the ad
    const start = round % 3; // 0: unpaid, 1: paid, 2: appealed
    if (start >= 1) expect((await pay(k.t, b, o.id)).type).toBe('ok');
    if (start === 2) await okOf(otc(k.t, 'order/appeal', b, { id: o.id, reason: 'no release' }));
    k.clock.now += 16 * MIN; // past the deadline
    const answers = await Promise.all([
      otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY, confirm_unpaid: round % 2 }),
      otc(k.t, 'order/cancel', b, { id: o.id }),
      otc(k.t, 'order/appeal', m, { id: o.id, reason: 'racing appeal' }),
      k.t.app.otc.runOnce().then((n) => ({ type: 'ok', message: n })),
      resolveBy(o.id, round % 2 ? 'release' : 'refund'),
      otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY }),
      round % 4 < 2 ? asOperator(`/ads/${ad.id}/takedown`, 'reason=race+check') : Promise.resolve({ type: 'ok' }),
    ]);
    for (const a of answers) expect(['ok', 'error']).toContain(a.type);

    const final = await k.t.app.db
      .selectFrom('otc_orders')
      .select(['status', 'coin_amount'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const adNow = await k.t.app.db
      .selectFrom('otc_ads')
      .select(['status', 'remaining'])
      .where('id', '=', ad.id)
      .executeTakeFirstOrThrow();
    outcomes.add(`${start}:${final.status}`);
    const seller = await balance(k.t, m.id, USDT);
    const buyer = await balance(k.t, b.id, USDT);
    // conservation: the 100 USDT is somewhere, exactly once; the seller's frozen part is the open order's and the open ad's
    expect(total(seller).plus(total(buyer)).toFixed()).toBe('100');
    const inOrder = ['unpaid', 'paid', 'appeal'].includes(final.status) ? 50 : 0;
    const onAd = adNow.status === 'closed' ? 0 : Number(adNow.remaining);
    expect(Number(seller.frozen)).toBe(inOrder + onAd);
    // the seller's available is what a take-down returned: everything not in the order nor released
    expect(Number(seller.available)).toBe(
      adNow.status === 'closed' ? 100 - inOrder - (final.status === 'released' ? 50 : 0) : 0,
    );
    const finals = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM otc_order_events WHERE order_id = ${o.id} AND kind IN ('released', 'cancelled', 'timeout', 'resolved_release', 'resolved_refund')`.execute(
      k.t.app.db,
    );
    const j = await sql<{
      reason: string;
      n: number;
    }>`SELECT reason, count(*)::int AS n FROM journal WHERE ref_type = 'otc_order' AND ref_id = ${String(o.id)} GROUP BY reason ORDER BY reason`.execute(
      k.t.app.db,
    );
    const moves = Object.fromEntries(j.rows.map((r) => [r.reason, r.n]));
    if (final.status === 'released') {
      expect(buyer).toEqual({ available: '50', frozen: '0' });
      expect(moves).toEqual({ otc_release: 1, otc_receive: 1 });
    } else if (final.status === 'appeal' || final.status === 'paid') {
      expect(buyer).toEqual({ available: '0', frozen: '0' });
      expect(moves).toEqual({});
    } else {
      expect(['cancelled', 'refunded']).toContain(final.status);
      expect(buyer).toEqual({ available: '0', frozen: '0' });
      // back on the open ad (no balance moves), or, the ad taken down first, one unfreeze to the seller
      const n = Object.values(moves).reduce((a, b) => a + b, 0);
      expect(n).toBeLessThanOrEqual(adNow.status === 'closed' ? 1 : 0);
    }
    expect(finals.rows[0].n).toBe(['released', 'cancelled', 'refunded'].includes(final.status) ? 1 : 0);
    // an appeal never times out: an unpaid order cannot be appealed, a paid one is never cancelled by the clock
    if (start >= 1) expect(final.status).not.toBe('cancelled');
  }
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
  // the rounds reached more than one ending (not a race that one step always wins by construction)
  expect(new Set([...outcomes].map((x) => x.split(':')[1])).size).toBeGreaterThan(1);
}, 180_000);

class Crash extends Error {}

it('a crash after the first timeout commits: after the restart the others time out, none twice', async () => {
  const handle = await createTestDb();
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  let built: BuiltApp = await buildApp(config, { db: handle });
  const clock = { now: T0 };
  const t = { app: built.app, handle, config } as unknown as TestApp;
  bootOtc(t, clock);
  prices(t, { BTC: '50000' });
  const m = await merchant(t, '300');
  const ad = await postAd(t, m, { total: '300' });
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await okOf<OtcOrder>(openOn(t, await taker(t), ad.id, '720'))).id);
  expect(await balance(t, m.id, USDT)).toEqual({ available: '0', frozen: '300' });

  clock.now = T0 + 15 * MIN;
  await expect(
    built.app.otc.runOnce((kind) => {
      if (kind === 'otc_timeout') throw new Crash(kind);
    }),
  ).rejects.toBeInstanceOf(Crash);
  const states = async () =>
    (await built.app.db.selectFrom('otc_orders').select('status').where('id', 'in', ids).orderBy('id').execute()).map(
      (r) => r.status,
    );
  expect(await states()).toEqual(['cancelled', 'unpaid', 'unpaid']);
  await built.close();
  built = await buildApp(config, { db: handle }); // its start-up pass runs on the real clock, before T0: nothing due
  (t as { app: unknown }).app = built.app;
  bootOtc(t, clock);
  expect(await built.app.otc.runOnce()).toBe(2);
  expect(await built.app.otc.runOnce()).toBe(0);
  expect(await states()).toEqual(['cancelled', 'cancelled', 'cancelled']);
  const j = await sql<{ n: number }>`SELECT count(*)::int AS n FROM otc_order_events WHERE kind = 'timeout'`.execute(
    built.app.db,
  );
  expect(j.rows[0].n).toBe(3);
  // all three back on the ad, still held; the ad's remaining whole again
  expect(await balance(t, m.id, USDT)).toEqual({ available: '0', frozen: '300' });
  expect(
    Number(
      (await built.app.db.selectFrom('otc_ads').select('remaining').where('id', '=', ad.id).executeTakeFirstOrThrow())
        .remaining,
    ),
  ).toBe(300);
  expect(await checkJournalConsistency(built.app.db)).toEqual([]);
  await built.close();
  await handle.close();
}, 120_000);
