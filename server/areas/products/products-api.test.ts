/**
 * The financial products through the public API: what a user sees and gets, and that bad input
 * gets a clear message and changes nothing. The clock is app.products.now; passes are driven by
 * runOnce (the 2-second timer is paused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  fromDualRow,
  proveIeo,
  type DualDetail,
  type DualDetailRow,
  type DualOrder,
  type DualIndexAnswer,
  type IeoAllocation,
  type IeoOrder,
  type IeoDetailAnswer,
  type IeoProjectDetail,
  type IeoProjectRow,
  type LockConfigRow,
  type LockOrder,
  type Page,
} from '../../../core';
import { checkJournalConsistency, credit, getBalances } from '../../db/ledger';
import type { ScriptedFeed } from '../../market';
import { createOperator, operatorLogin } from '../../auth/operators';
import { createTestApp, envelope, get, post, registerAndLogin, rowCounts, type TestApp } from '../../testing/app';

let t: TestApp;
let now = Date.now();
const DAY = 86_400_000;
const H = 3_600_000;
/** today 00:00 UTC: lock tests use fixed times of day near the real date, so the seeded IEO projects keep their state */
const D0 = Math.floor(Date.now() / DAY) * DAY;
const isoAt = (ms: number) => new Date(ms).toISOString();

async function user(email: string): Promise<{ id: number; auth: Record<string, string> }> {
  const token = await registerAndLogin(t.app, email);
  const u = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: u.id, auth: { authorization: `Bearer ${token}`, lang: 'en' } };
}
async function grant(userId: number, currencyId: number, amount: string) {
  await t.app.db
    .transaction()
    .execute((trx) => credit(trx, { userId, currencyId, type: 2, amount, reason: 'test_grant' }));
}
async function balance(userId: number, currencyId: number) {
  const b = (await getBalances(t.app.db, userId)).find((x) => x.currency_id === currencyId && x.type === 2);
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}
async function productRows() {
  const r = await sql<{
    d: number;
    l: number;
    i: number;
    s: number;
  }>`SELECT (SELECT count(*)::int FROM dual_orders) d, (SELECT count(*)::int FROM lock_orders) l, (SELECT count(*)::int FROM ieo_orders) i, (SELECT coalesce(sum(sold_shares),0)::int FROM dual_products) s`.execute(
    t.app.db,
  );
  return { ...r.rows[0], ...(await rowCounts(t.app)) };
}
/** a failed call: the translated message, and nothing changed */
async function refused(call: () => ReturnType<typeof post>, message: string) {
  const before = await productRows();
  const e = envelope(await call());
  expect(e).toMatchObject({ type: 'error', code: 0, message });
  expect(await productRows()).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.products.pauseTimer();
  t.app.products.now = () => now;
});
afterAll(async () => {
  expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  await t.close();
});

describe('dual invest', () => {
  it('lists seeded call and put products with the page fields, and a demo product', async () => {
    const calls = (envelope(await get(t.app, '/api/dual/index?currency_id=1')).message as DualIndexAnswer)
      .dual_currencys;
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((p) => p.type === 'call' && p.currency_name === 'BTC' && p.invest_currency_name === 'BTC')).toBe(
      true,
    );
    const demo = calls.find((p) => p.demo)!;
    // the family's names (WIRE.md): rate in percent, a numeric status (1 on sale)
    expect(demo).toMatchObject({
      demo_maturity_seconds: 120,
      end_time: null,
      start_time: null,
      status: 1,
      days: 1,
      rate: '36.5',
      progress: '0',
    });
    expect(fromDualRow(demo)).toMatchObject({ status: 'open', apr: '0.365' });
    const fixed = calls.find((p) => !p.demo)!;
    expect(new Date(fixed.end_time!).getTime()).toBeGreaterThan(now);
    const puts = (envelope(await get(t.app, '/api/dual/index?type=put')).message as DualIndexAnswer).dual_currencys;
    expect(puts.every((p) => p.type === 'put' && p.invest_currency_name === 'USDT')).toBe(true);
    expect(envelope(await get(t.app, '/api/dual/index?type=straddle')).message).toBe('Parameter error');
  });

  it('refuses bad quantities, an unknown product and an empty balance, changing nothing', async () => {
    const u = await user('dual-bad@example.com');
    const demo = (
      envelope(await get(t.app, '/api/dual/index?currency_id=1')).message as DualIndexAnswer
    ).dual_currencys.find((p) => p.demo)!;
    const buy =
      (num: string | undefined, id = demo.id) =>
      () =>
        post(t.app, '/api/dual/buyDual', { id, num }, u.auth);
    await refused(buy('1.5'), 'The quantity should be an integer');
    await refused(buy('abc'), 'The quantity should be an integer');
    await refused(buy(''), 'Please enter the purchase quantity');
    await refused(buy(undefined), 'Please enter the purchase quantity');
    await refused(buy('0'), 'Buy at least 1 shares');
    await refused(buy('100001'), 'Not enough shares left: 100000 remaining');
    await refused(buy('1', 999_999), 'The product does not exist');
    await refused(buy('1'), 'Insufficient balance');
    expect(envelope(await post(t.app, '/api/dual/buyDual', { id: demo.id, num: 1 })).type).toBe('999');
  });

  it('buys 3 demo call shares (0.003 BTC) and settles 2 minutes later at the price of the maturity instant', async () => {
    const u = await user('dual-call@example.com');
    await grant(u.id, 1, '1');
    const feed = t.app.market.feed as ScriptedFeed;
    const demo = (
      envelope(await get(t.app, '/api/dual/index?currency_id=1')).message as DualIndexAnswer
    ).dual_currencys.find((p) => p.demo)!;
    const detail = fromDualRow<DualDetail>(
      envelope(await get(t.app, `/api/dual/detail?id=${demo.id}`, u.auth)).message as DualDetailRow,
    );
    expect(detail.available).toBe('1');
    // one share: 0.001 × (1 + 1 × 0.365 / 365) = 0.001001 BTC below; × linked at or above
    expect(detail.per_share_payout.below).toEqual({ currency_id: 1, currency_name: 'BTC', amount: '0.001001' });
    const linked = detail.linked_price;

    const order = envelope(await post(t.app, '/api/dual/buyDual', { id: demo.id, num: '3' }, u.auth))
      .message as DualOrder;
    expect(order).toMatchObject({
      status: 'purchased',
      num: 3,
      amount: '0.003',
      invest_currency_name: 'BTC',
      settle_price: null,
    });
    expect(new Date(order.maturity_at).getTime()).toBe(now + 120_000);
    expect(await balance(u.id, 1)).toEqual({ available: '0.997', frozen: '0' });
    expect(
      (envelope(await get(t.app, `/api/dual/detail?id=${demo.id}`)).message as DualDetailRow).remaining_number,
    ).toBe(99_997);

    const below = String(Number(linked) - 100);
    feed.push('BTC/USDT', below, '1', now + 119_000); // the last tick at or before maturity
    feed.push('BTC/USDT', (Number(linked) + 500).toFixed(2), '1', now + 121_000); // after: must not count
    now += 60_000;
    await t.app.products.runOnce();
    expect(
      (envelope(await post(t.app, '/api/dual/dual_list', {}, u.auth)).message as Page<DualOrder>).list[0].status,
    ).toBe('purchased');
    now += 61_000;
    await t.app.products.runOnce();
    const list = envelope(await post(t.app, '/api/dual/dual_list', { page: 1, limit: 10 }, u.auth))
      .message as Page<DualOrder>;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      status: 'success',
      settle_price: below,
      payout_currency_name: 'BTC',
      payout_amount: '0.003003',
    }); // 0.003 × 1.001
    expect(await balance(u.id, 1)).toEqual({ available: '1.000003', frozen: '0' });
    await t.app.products.runOnce(); // nothing is paid twice
    expect(await balance(u.id, 1)).toEqual({ available: '1.000003', frozen: '0' });
  });

  it('a put at or above the linked price pays USDT amount × factor', async () => {
    const u = await user('dual-put@example.com');
    await grant(u.id, 4, '100');
    const feed = t.app.market.feed as ScriptedFeed;
    const demo = (
      envelope(await get(t.app, '/api/dual/index?currency_id=1&type=put')).message as DualIndexAnswer
    ).dual_currencys.find((p) => p.demo)!;
    const order = envelope(await post(t.app, '/api/dual/buyDual', { id: demo.id, num: 5 }, u.auth))
      .message as DualOrder;
    expect(order).toMatchObject({ amount: '50', invest_currency_name: 'USDT' });
    feed.push('BTC/USDT', demo.exercise_price, '1', now + 100_000); // exactly the linked price: at or above
    now += 125_000;
    await t.app.products.runOnce();
    const done = (
      envelope(await post(t.app, '/api/dual/dual_list', { status: 'success' }, u.auth)).message as Page<DualOrder>
    ).list[0];
    expect(done).toMatchObject({ status: 'success', payout_currency_name: 'USDT', payout_amount: '50.05' }); // 50 × 1.001
    expect(await balance(u.id, 4)).toEqual({ available: '100.05', frozen: '0' });
  });
});

describe('lock-up mining', () => {
  it('lists configurations of the three kinds, filtered by kind', async () => {
    const all = envelope(await get(t.app, '/api/lh/deposit/config')).message as LockConfigRow[];
    expect(new Set(all.map((c) => c.kind))).toEqual(new Set(['lock', 'defi', 'cloud']));
    const defi = envelope(await get(t.app, '/api/lh/deposit/config?kind=defi')).message as LockConfigRow[];
    expect(defi.length).toBeGreaterThan(0);
    expect(defi.every((c) => c.kind === 'defi')).toBe(true);
    expect(all.find((c) => c.day === 7 && c.kind === 'lock')).toMatchObject({
      save_min: '100',
      interest_rate: '0.3',
      interest_rate_max: '0.4',
      penalty_ratio: '0.004',
      dividend_time: '08:00',
      currency_name: 'USDT',
    });
    // seeded names come in the caller's language
    const zh = envelope(await get(t.app, '/api/lh/deposit/config?kind=cloud', { lang: 'zh' }))
      .message as LockConfigRow[];
    expect(zh.map((c) => c.name)).toEqual(expect.arrayContaining(['云算力 15天', '云算力 30天']));
    const fra = envelope(await get(t.app, '/api/lh/deposit/config?kind=lock', { lang: 'fra' }))
      .message as LockConfigRow[];
    expect(fra.find((c) => c.day === 30)?.name).toBe('Blocage USDT 30 jours');
  });

  it('refuses below minimum, too many decimals, an empty balance; then pays daily and charges the spec penalty on early redemption', async () => {
    const u = await user('lock@example.com');
    const cfg = (envelope(await get(t.app, '/api/lh/deposit/config?kind=lock')).message as LockConfigRow[]).find(
      (c) => c.day === 7,
    )!;
    const deposit = (amount: string) => () => post(t.app, '/api/lh/deposit', { config_id: cfg.id, amount }, u.auth);
    await refused(deposit('1000'), 'Insufficient balance');
    await grant(u.id, 4, '1000');
    await refused(deposit('99.99'), 'The minimum single amount is 100');
    await refused(deposit('100.001'), 'At most 2 decimal places');
    await refused(deposit('-5'), 'Please enter a correct amount');
    await refused(deposit('1e3'), 'Please enter a correct amount');

    now = D0 + 9.5 * H; // 09:30 UTC; dividends at 08:00 UTC
    const o = envelope(await post(t.app, '/api/lh/deposit', { config_id: cfg.id, amount: '1000' }, u.auth))
      .message as LockOrder;
    expect(o).toMatchObject({
      status: 'in_progress',
      amount: '1000',
      remaining_days: 7,
      earned: '0',
      expire_at: isoAt(D0 + 7 * DAY + 8 * H),
      penalty_now: '28',
      returned_now: '972',
    });
    expect(await balance(u.id, 4)).toEqual({ available: '0', frozen: '0' });

    now = D0 + 4 * DAY + 12 * H; // four dividends due (days 1..4 at 08:00)
    await t.app.products.runOnce();
    await t.app.products.runOnce();
    const divs = await t.app.db
      .selectFrom('lock_dividends')
      .selectAll()
      .where('order_id', '=', o.id)
      .orderBy('day')
      .execute();
    expect(divs.map((d) => d.day)).toEqual([1, 2, 3, 4]);
    const earned = divs.reduce((s, d) => s + Number(d.amount), 0);
    for (const d of divs) {
      // 1000 × a rate in 0.3 %–0.4 %, in tenth steps of the range
      expect(Number(d.amount)).toBeGreaterThanOrEqual(3);
      expect(Number(d.amount)).toBeLessThanOrEqual(4);
    }
    const mid = (envelope(await get(t.app, '/api/lh/deposit/order?status=1', u.auth)).message as Page<LockOrder>)
      .list[0];
    expect(mid).toMatchObject({ dividends_paid: 4, remaining_days: 3, penalty_now: '12', returned_now: '988' });

    const done = envelope(await post(t.app, '/api/lh/deposit/order/cancel', { id: o.id }, u.auth)).message as LockOrder;
    expect(done).toMatchObject({ status: 'redeemed', redeem_type: 'early', penalty: '12', returned: '988' });
    expect(Number((await balance(u.id, 4)).available)).toBeCloseTo(988 + earned, 10);
    await refused(
      () => post(t.app, '/api/lh/deposit/order/cancel', { id: o.id }, u.auth),
      'This order has already been redeemed',
    );
    const other = await user('lock-other@example.com');
    await refused(() => post(t.app, '/api/lh/deposit/order/cancel', { id: o.id }, other.auth), 'Order not found');
    expect(
      (envelope(await get(t.app, '/api/lh/deposit/order?status=redeemed', u.auth)).message as Page<LockOrder>).total,
    ).toBe(1);
  });

  it('returns the principal at expiry after exactly lock_days dividends', async () => {
    const u = await user('lock-expiry@example.com');
    await grant(u.id, 4, '10000');
    const cfg = (envelope(await get(t.app, '/api/lh/deposit/config?kind=cloud')).message as LockConfigRow[]).find(
      (c) => c.day === 15,
    )!;
    now = D0 + 7 * H; // 07:00: the first dividend is the same day's 08:00
    const o = envelope(await post(t.app, '/api/lh/deposit', { config_id: cfg.id, amount: '10000' }, u.auth))
      .message as LockOrder;
    expect(o.expire_at).toBe(isoAt(D0 + 14 * DAY + 8 * H));
    now = D0 + 17 * DAY; // after expiry: every day paid once, principal back
    await t.app.products.runOnce();
    const done = (envelope(await get(t.app, '/api/lh/deposit/order', u.auth)).message as Page<LockOrder>).list[0];
    expect(done).toMatchObject({
      status: 'redeemed',
      redeem_type: 'expired',
      dividends_paid: 15,
      penalty: '0',
      returned: '10000',
    });
    const earned = Number(done.earned);
    expect(earned).toBeGreaterThanOrEqual(10000 * 0.003 * 15);
    expect(earned).toBeLessThanOrEqual(10000 * 0.004 * 15);
    expect(Number((await balance(u.id, 4)).available)).toBeCloseTo(10000 + earned, 10);
  });
});

describe('IEO', () => {
  it('shows warm-up, in-progress and finished projects from the clock and refuses the wrong ones', async () => {
    now = Date.now();
    const page = envelope(await get(t.app, '/api/project?page=1&limit=10')).message as Page<IeoProjectRow>;
    // the family's time_status: 2 ongoing, 1 not started, 3 ended
    expect(page.list.map((p) => p.time_status)).toEqual([2, 1, 3]);
    const [live, warm, done] = page.list;
    expect(live).toMatchObject({
      name: 'Nova Pay',
      issue_price: '0.1',
      total_issuance: '1000000',
      applied_count: 0,
      white_paper: expect.stringContaining('https://'),
    });
    // the brand stays; its description comes in the caller's language
    expect(
      envelope(await get(t.app, `/api/project/detail?project_id=${live.id}`, { lang: 'jp' })).message,
    ).toMatchObject({ info: { name: 'Nova Pay', description: expect.stringContaining('ステーブルコイン') } });
    expect(envelope(await get(t.app, `/api/project/detail?project_id=${live.id}`)).message).toMatchObject({
      info: { description: expect.stringContaining('Instant merchant payments') },
    });
    const u = await user('ieo-bad@example.com');
    await grant(u.id, 4, '50');
    const order =
      (p: IeoProjectRow, amount: string, price = p.issue_price, pay = 4) =>
      () =>
        post(t.app, '/api/project/order', { project_id: p.id, amount, pay_currency: pay, price }, u.auth);
    await refused(order(done, '100'), 'Subscription has ended');
    await refused(order(warm, '100'), 'Subscription has not started yet');
    await refused(order(live, '100', '0.09'), 'The price has changed, please refresh and try again');
    await refused(order(live, '100', '0.1', 1), 'This project does not accept that payment currency');
    await refused(order(live, '99'), 'The minimum single amount is 100');
    await refused(order(live, '100.00001'), 'At most 4 decimal places');
    await refused(order(live, '1000'), 'Insufficient balance'); // 1000 × 0.1 = 100 > 50
    const ok = envelope(
      await post(
        t.app,
        '/api/project/order',
        { project_id: live.id, amount: '500', pay_currency: 4, price: '0.1' },
        u.auth,
      ),
    ).message as IeoOrder;
    expect(ok).toMatchObject({ status: 'pending', amount: '500', pay_amount: '50', pay_currency_name: 'USDT' });
    expect(await balance(u.id, 4)).toEqual({ available: '0', frozen: '50' });
    const d = (
      envelope(await get(t.app, `/api/project/detail?project_id=${live.id}`, u.auth)).message as IeoDetailAnswer
    ).info;
    expect(d).toMatchObject({ applied_count: 1, applied_amount: '500', my_applied: '500', my_allotted: '0' });
  });

  it('operators create a project; when oversubscribed it is allotted pro rata, tokens credited, the rest refunded', async () => {
    now = Date.now();
    expect(envelope(await post(t.app, '/admin/api/ieo/projects', { name: 'X' })).type).toBe('999');
    const customer = await user('not-an-operator@example.com');
    expect(envelope(await post(t.app, '/admin/api/ieo/projects', { name: 'X' }, customer.auth)).type).toBe('999');
    await createOperator(t.app.db, 'ieo-op', 'operator-password');
    const op = {
      authorization: `Bearer ${(await operatorLogin(t.app.db, { name: 'ieo-op', password: 'operator-password', ip: '127.0.0.1', caller: () => ({ source: 'ip:127.0.0.1', trusted: false, now: Date.now }) })).token}`,
    };
    const body = {
      name: 'Demo Token',
      symbol: 'dmt',
      issue_price: '0.5',
      total_issuance: '1000',
      min_amount: '1',
      lock_days: 10,
      start_at: now - 1000,
      end_at: now + 3_600_000,
      listing_at: now + 7_200_000,
      website: 'https://example.com',
      reason: 'test',
    };
    expect(envelope(await post(t.app, '/admin/api/ieo/projects', { ...body, end_at: now - 5000 }, op))).toMatchObject({
      type: 'error',
      message: expect.stringContaining('end time'),
    });
    expect(envelope(await post(t.app, '/admin/api/ieo/projects', { ...body, symbol: 'BTC' }, op))).toMatchObject({
      type: 'error',
      message: 'That token symbol is already used by another currency',
    });
    const p = envelope(await post(t.app, '/admin/api/ieo/projects', body, op)).message as IeoProjectDetail;
    expect(p).toMatchObject({
      symbol: 'DMT',
      status: 'in_progress',
      pay_currencies: [{ currency_name: 'USDT', price: '0.5' }],
    });
    const logged = await t.app.db
      .selectFrom('operator_actions')
      .select(['action', 'target'])
      .where('action', '=', 'ieo_create')
      .execute();
    expect(logged).toEqual([{ action: 'ieo_create', target: `ieo_project:${p.id}` }]);

    // 1500 + 1000 + 500 applied for 1000 tokens → 500, 333.3333, 166.6666 (docs/rules.md "IEO allocation")
    const users = await Promise.all(['a', 'b', 'c'].map((x) => user(`ieo-${x}@example.com`)));
    const applied = ['1500', '1000', '500'];
    for (const [i, u] of users.entries()) {
      await grant(u.id, 4, '1000');
      expect(
        envelope(
          await post(
            t.app,
            '/api/project/order',
            { project_id: p.id, amount: applied[i], pay_currency: 4, price: '0.5' },
            u.auth,
          ),
        ).type,
      ).toBe('ok');
    }
    expect(envelope(await post(t.app, '/admin/api/ieo/finalise', { project_id: p.id }, op)).message).toBe(
      'The project has not ended yet',
    );
    // the allocation is published only once it is final
    expect(envelope(await get(t.app, `/api/project/allocation?project_id=${p.id}`)).message).toBe(
      'The project has not ended yet',
    );
    now += 3_600_000;
    await t.app.products.runOnce();
    // public, without users: every subscriber recomputes their allotment from it with core's proveIeo
    const alloc = envelope(await get(t.app, `/api/project/allocation?project_id=${p.id}`)).message as IeoAllocation;
    expect(alloc).toMatchObject({
      issuance: '1000',
      applied: '3000',
      subscriptions: applied.map((amount) => ({ amount })),
    });
    expect(JSON.stringify(alloc)).not.toMatch(/user/);
    const mineA = (
      envelope(await get(t.app, `/api/user/project/order?project_id=${p.id}`, users[1].auth)).message as Page<IeoOrder>
    ).list[0];
    const proofs = proveIeo({
      issuance: alloc.issuance,
      tokenDecimals: alloc.token_decimals,
      appliedRecorded: alloc.applied,
      subscriptions: alloc.subscriptions.map((x) => ({
        id: x.id,
        amount: x.amount,
        price: mineA.price,
        paid: mineA.pay_amount,
        stored: { allotted: null, cost: null, refund: null },
      })),
    });
    expect(proofs.get(mineA.id)?.expected).toMatchObject({
      allotted: '333.3333',
      cost: '166.66665',
      refund: '333.33335',
    });
    const expected = [
      { allotted: '500', cost: '250', refund: '500', available: '750' },
      { allotted: '333.3333', cost: '166.66665', refund: '333.33335', available: '833.33335' },
      { allotted: '166.6666', cost: '83.3333', refund: '166.6667', available: '916.6667' },
    ];
    for (const [i, u] of users.entries()) {
      const o = (
        envelope(await get(t.app, `/api/user/project/order?project_id=${p.id}`, u.auth)).message as Page<IeoOrder>
      ).list[0];
      expect(o).toMatchObject({
        status: 'passed',
        allotted: expected[i].allotted,
        cost: expected[i].cost,
        refund: expected[i].refund,
      });
      expect(await balance(u.id, 4)).toEqual({ available: expected[i].available, frozen: '0' });
      expect(await balance(u.id, p.token_currency_id)).toEqual({ available: expected[i].allotted, frozen: '0' });
    }
    const after = (envelope(await get(t.app, `/api/project/detail?project_id=${p.id}`)).message as IeoDetailAnswer)
      .info;
    expect(after).toMatchObject({
      time_status: 3,
      finalised: true,
      applied_count: 3,
      passed_count: 3,
      applied_amount: '3000',
      percentage: '300',
    });
    await refused(
      () =>
        post(
          t.app,
          '/api/project/order',
          { project_id: p.id, amount: '10', pay_currency: 4, price: '0.5' },
          users[0].auth,
        ),
      'Subscription has ended',
    );
  });

  it('freezes amount × price exactly and shows progress exactly when they need more than 20 digits', async () => {
    now = Date.now();
    await createOperator(t.app.db, 'ieo-op-exact', 'operator-password');
    const op = {
      authorization: `Bearer ${(await operatorLogin(t.app.db, { name: 'ieo-op-exact', password: 'operator-password', ip: '127.0.0.1', caller: () => ({ source: 'ip:127.0.0.1', trusted: false, now: Date.now }) })).token}`,
    };
    const body = {
      name: 'Exact Token',
      symbol: 'xct',
      issue_price: '0.123456789',
      total_issuance: '123456789.123456789000000001',
      min_amount: '1',
      token_decimals: 18,
      lock_days: 10,
      start_at: now - 1000,
      end_at: now + 3_600_000,
      listing_at: now + 7_200_000,
      website: 'https://example.com',
      reason: 'test',
    };
    const p = envelope(await post(t.app, '/admin/api/ieo/projects', body, op)).message as IeoProjectDetail;
    const u = await user('ieo-exact@example.com');
    await grant(u.id, 4, '20000000');
    const o = envelope(
      await post(
        t.app,
        '/api/project/order',
        { project_id: p.id, amount: '123456789.123456789', pay_currency: 4, price: '0.123456789' },
        u.auth,
      ),
    ).message as IeoOrder;
    // 123456789.123456789 × 0.123456789 (26 digits); decimal.js's default 20 digits froze 15241578.76543209975
    expect(o).toMatchObject({ status: 'pending', pay_amount: '15241578.765432099750190521' });
    expect(await balance(u.id, 4)).toEqual({
      available: '4758421.234567900249809479',
      frozen: '15241578.765432099750190521',
    });
    // applied ÷ total = 0.99999999999999999999999999… → 0.9999 (rounded to 20 digits first it showed 1)
    const d = (envelope(await get(t.app, `/api/project/detail?project_id=${p.id}`, u.auth)).message as IeoDetailAnswer)
      .info;
    expect(d).toMatchObject({ applied_amount: '123456789.123456789', percentage: '99.99' });
    now += 3_600_000;
    await t.app.products.runOnce();
    const done = (
      envelope(await get(t.app, `/api/user/project/order?project_id=${p.id}`, u.auth)).message as Page<IeoOrder>
    ).list[0];
    expect(done).toMatchObject({
      status: 'passed',
      allotted: '123456789.123456789',
      cost: '15241578.765432099750190521',
      refund: '0',
    });
    expect(await balance(u.id, 4)).toEqual({ available: '4758421.234567900249809479', frozen: '0' });
  });
});
