/**
 * Contract limit entries, their fills, forced closes and the overnight fee raced: each is one
 * element of the ledger's group commit (migrations 052, 053), so a burst shares statements. What a
 * user would notice: no 5xx, exactly as many entries as the balance pays for, one Idempotency-Key
 * placing one entry, and an entry filled, a position liquidated, a day's fee charged — once, even
 * when the same operation is sent twice into one statement; the journal equal to the balances.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, positionPnl, type LeverPosition } from '../../../../core';
import { envelope, post } from '../../../testing/app';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { chargeOvernightOf, fillAtLimit, leverAvailable, liquidateAtPrices, type LeverRow } from '.';
import { journalSound, oks, quickUsers, race } from '../../../testing/race-kit';
import { contractOf } from './lever-view';

const LEVER = ACCOUNT_TYPES.lever;
const USDT = 4;
const ETH = 2;
// ETH at 3000; a long limit at 2900 rests: 100 lots of 0.01 at 10× — margin 290, fee 0.05 % of 2900 = 1.45
const LIMIT = {
  currency_id: ETH,
  legal_id: USDT,
  type: 'long',
  status: 'limit',
  target_price: '2900',
  share: '100',
  multiple: 10,
};
const COST = 291.45;
const MARKET = { currency_id: ETH, legal_id: USDT, type: 'long', status: 'market', share: '100', multiple: 10 };

let k: Kit;
beforeAll(async () => {
  k = await createKit();
  await k.tick('ETH/USDT', '3000');
});
afterAll(async () => {
  await k.t.close();
});

const submit = (token: string, body: Record<string, string | number>, headers: Record<string, string> = {}) =>
  post(k.app, '/api/lever/submit', body, { authorization: `Bearer ${token}`, lang: 'en', ...headers });

/** Per order of `users`: how many journal rows of each reason it has, and whether they carry its figures. */
async function movesPerOrder(users: number[]) {
  const r = await sql<{
    id: number;
    status: string;
    n: number;
    margin: number;
    fee_freeze: number;
    fee_spent: number;
    release: number;
    pnl: number;
  }>`
    SELECT o.id, o.status, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin' AND j.delta_available = -o.margin AND j.delta_frozen = o.margin)::int AS margin,
      count(j.id) FILTER (WHERE j.reason = 'lever_fee_freeze' AND j.delta_available = -o.fee AND j.delta_frozen = o.fee)::int AS fee_freeze,
      count(j.id) FILTER (WHERE j.reason = 'lever_fee' AND j.delta_frozen = -o.fee AND j.delta_available = 0)::int AS fee_spent,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin_release' AND j.delta_available = o.margin AND j.delta_frozen = -o.margin)::int AS release,
      count(j.id) FILTER (WHERE j.reason IN ('lever_profit', 'lever_loss') AND j.delta_available = o.profit)::int AS pnl
    FROM lever_orders o LEFT JOIN journal j ON j.ref_type = 'lever_order' AND j.ref_id = o.id::text
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id ORDER BY o.id`.execute(k.app.db);
  return r.rows;
}

const row = (id: number): Promise<LeverRow> =>
  k.app.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('contract limit entries at once', () => {
  it('50 limit entries on a balance for 10: exactly ten rest, each with its margin and fee frozen once', async () => {
    const [u] = await quickUsers(k.t, 1);
    // what is left after ten covers an eleventh margin, not its fee: the fee is part of the guard
    await k.fund(u.id, USDT, LEVER, String(10 * COST + 291));
    const out = await race(Array.from({ length: 50 }, () => () => submit(u.token, LIMIT)));
    expect(oks(out)).toBe(10);
    expect(out.filter((a) => a.type !== 'ok').map((a) => a.message)).toEqual(Array(40).fill('Insufficient balance'));
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '291', frozen: '2914.5' });
    const rows = await movesPerOrder([u.id]);
    expect(rows.map((r) => r.id)).toEqual(
      out
        .filter((a) => a.type === 'ok')
        .map((a) => (a.message as LeverPosition).id)
        .sort((a, b) => a - b),
    );
    for (const r of rows)
      expect(r, `entry ${r.id}`).toMatchObject({ status: 'entrusted', n: 2, margin: 1, fee_freeze: 1 });
    await journalSound(k.app.db);
  });

  it('one limit entry sent 10 times at once with one Idempotency-Key: one entry, every answer the first one', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, '10000');
    const send = () => submit(u.token, LIMIT, { 'idempotency-key': 'limit-1' });
    const out = (await Promise.all(Array.from({ length: 10 }, send))).map((r) => ({
      status: r.statusCode,
      ...envelope(r),
    }));
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    const done = out.filter((r) => r.type === 'ok');
    expect(done.length).toBeGreaterThanOrEqual(1);
    const again = envelope(await send());
    expect(again.type).toBe('ok');
    for (const r of done) expect(r.message).toEqual(again.message);
    const rows = await movesPerOrder([u.id]);
    expect(rows.map((r) => r.id)).toEqual([(again.message as LeverPosition).id]);
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: String(10000 - COST), frozen: String(COST) });
    const key = await k.app.db
      .selectFrom('idempotency_keys')
      .select(['committed_ref'])
      .where('user_id', '=', u.id)
      .where('key', '=', 'limit-1')
      .executeTakeFirstOrThrow();
    expect(key.committed_ref).toEqual({ type: 'lever_order', id: rows[0].id });
    await journalSound(k.app.db);
  });

  it('10 entries each filled 3 times into one statement (two nodes’ watchers): each fills once, its fee spent once', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, String(10 * COST));
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((envelope(await submit(u.token, LIMIT)).message as LeverPosition).id);
    const rows = await Promise.all(ids.map(row));
    const tick = { price: '2899', seq: 0, ts: k.clock.now };
    const out = await Promise.all(rows.flatMap((r) => [1, 2, 3].map(() => fillAtLimit(k.app.db, r, tick, new Date()))));
    expect(out.filter((r) => r !== null)).toHaveLength(10);
    for (const r of await movesPerOrder([u.id]))
      expect(r, `entry ${r.id}`).toMatchObject({ status: 'position', n: 3, margin: 1, fee_freeze: 1, fee_spent: 1 });
    // the fees spent, the margins frozen
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '0', frozen: '2900' });
    await journalSound(k.app.db);
  });
});

describe('forced closes and the overnight fee, twice into one statement', () => {
  it('one liquidation sent twice at once: every position closes once, its margin released and loss taken once', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, '1000');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((envelope(await submit(u.token, MARKET)).message as LeverPosition).id);
    const rows = await Promise.all(ids.map(row));
    const bal = await leverAvailable(k.app.db, u.id);
    // as lever-liquidate.ts decides it: each at 2900, a loss of 100 each (core positionPnl)
    const liquidation = {
      userId: u.id,
      available: bal.available,
      liq: { rate: '0.5', line: '0.5', available: bal.available, group: ids[0] },
      positions: rows.map((r) => ({ row: r, price: '2900', tick: null, pnl: positionPnl(contractOf(r), '2900') })),
      closedAt: new Date(),
    };
    const out = await Promise.all([liquidateAtPrices(k.app.db, liquidation), liquidateAtPrices(k.app.db, liquidation)]);
    expect(out.filter((o) => typeof o === 'object')).toHaveLength(1);
    expect(out).toContain('not_open');
    for (const r of await movesPerOrder([u.id]))
      expect(r, `position ${r.id}`).toMatchObject({ status: 'closed', n: 4, release: 1, pnl: 1 });
    // 1000 − 3 fees of 1.5 − 3 losses of 100
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '695.5', frozen: '0' });
    const closed = await Promise.all(ids.map(row));
    for (const c of closed)
      expect({ reason: c.close_reason, line: Number(c.liq_line), uncovered: Number(c.uncovered_loss) }).toEqual({
        reason: 'liquidation',
        line: 0.5,
        uncovered: 0,
      });
    await journalSound(k.app.db);
  });

  it('one day’s overnight fee sent twice at once, then by two job runs: charged once', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, '10000');
    const id = (envelope(await submit(u.token, MARKET)).message as LeverPosition).id;
    const r = await row(id);
    const x = { row: r, day: '2099-01-02', due: '1.5' };
    const out = await Promise.all([chargeOvernightOf(k.app.db, x), chargeOvernightOf(k.app.db, x)]);
    expect(out.filter((o) => typeof o === 'object')).toHaveLength(1);
    expect(out).toContain('dup');
    const next = Date.parse('2099-01-03T00:00:01Z');
    const runs = await Promise.all([k.app.trade.chargeOvernight(next), k.app.trade.chargeOvernight(next)]);
    // every open position (this file's other users' too) charged by one of the two runs, not both
    const day = await k.app.db
      .selectFrom('lever_overnight_charges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', '2099-01-03')
      .executeTakeFirstOrThrow();
    expect(runs[0] + runs[1]).toBe(Number(day.n));
    const charges = await k.app.db
      .selectFrom('lever_overnight_charges')
      .select(['amount', 'due'])
      .where('order_id', '=', id)
      .execute();
    expect(charges).toHaveLength(2);
    const fees = await k.app.db
      .selectFrom('journal')
      .select('delta_available')
      .where('reason', '=', 'lever_overnight_fee')
      .where('ref_id', '=', String(id))
      .execute();
    expect(fees.map((f) => Number(f.delta_available))).toEqual([-1.5, -1.5]);
    expect((await row(id)).overnight_fee).toMatch(/^3(\.0*)?$/);
    await k.call('POST', '/api/lever/batch_close', u.token, { type: 'all' });
    await journalSound(k.app.db);
  });
});

describe('what the group commit cannot settle in full writes nothing there', () => {
  const journalRows = async (userId: number) =>
    Number(
      (
        await k.app.db
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a liquidation decided on a balance that has moved since: nothing written, the positions stay open', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, '1000');
    const id = (envelope(await submit(u.token, MARKET)).message as LeverPosition).id;
    const r = await row(id);
    const stale = await leverAvailable(k.app.db, u.id);
    await k.fund(u.id, USDT, LEVER, '5'); // a deposit after the decision read the balance
    const before = { balance: await k.balance(u.id, USDT, LEVER), journal: await journalRows(u.id) };
    const out = await liquidateAtPrices(k.app.db, {
      userId: u.id,
      available: stale.available,
      liq: { rate: '0.5', line: '0.5', available: stale.available, group: id },
      positions: [{ row: r, price: '2900', tick: null, pnl: positionPnl(contractOf(r), '2900') }],
      closedAt: new Date(),
    });
    expect(out).toBe('fallback');
    expect({ balance: await k.balance(u.id, USDT, LEVER), journal: await journalRows(u.id) }).toEqual(before);
    expect((await row(id)).status).toBe('position');
    await k.call('POST', '/api/lever/batch_close', u.token, { type: 'all' });
    await journalSound(k.app.db);
  });

  it('a day’s fee beyond the available balance: nothing written there; the job takes what there is, once', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, String(301.5 + 0.4)); // 0.4 left beside the position: less than its 1.5 fee
    const id = (envelope(await submit(u.token, MARKET)).message as LeverPosition).id;
    const r = await row(id);
    const before = await journalRows(u.id);
    expect(await chargeOvernightOf(k.app.db, { row: r, day: '2099-02-01', due: '1.5' })).toBe('fallback');
    expect(await journalRows(u.id)).toBe(before);
    const next = Date.parse('2099-02-02T00:00:01Z');
    await Promise.all([k.app.trade.chargeOvernight(next), k.app.trade.chargeOvernight(next)]);
    const charge = await k.app.db
      .selectFrom('lever_overnight_charges')
      .select(['amount', 'due'])
      .where('order_id', '=', id)
      .execute();
    expect(charge.map((c) => ({ amount: Number(c.amount), due: Number(c.due) }))).toEqual([{ amount: 0.4, due: 1.5 }]);
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '0', frozen: '300' });
    await k.call('POST', '/api/lever/batch_close', u.token, { type: 'all' });
    await journalSound(k.app.db);
  });
});
