/**
 * Contract market entries and closes raced through the routes: each is one element of the ledger's
 * group commit (lever-commit.ts, migration 047), so a burst shares statements. What a user would notice:
 * no 5xx, no position without its margin and fee nor a move without its position, a balance that
 * never goes below zero, and one Idempotency-Key opening one position whatever the number of sends.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type LeverPosition } from '../../../../core';
import { envelope, post } from '../../../testing/app';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { closeAtPrice, closePosition } from '.';
import { journalSound, oks, quickUsers, race, type Answer } from '../../../testing/race-kit';

const LEVER = ACCOUNT_TYPES.lever;
const USDT = 4;
const ETH = 2;
// ETH at 3000, 100 lots of 0.01 at 10×: margin 300, fee 0.05 % of 3000 = 1.5
const OPEN = { currency_id: ETH, legal_id: USDT, type: 'long', status: 'market', share: '100', multiple: 10 };
const COST = 301.5;

let k: Kit;
beforeAll(async () => {
  k = await createKit();
  await k.tick('ETH/USDT', '3000');
});
afterAll(async () => {
  await k.t.close();
});

const open = (token: string, headers: Record<string, string> = {}) =>
  post(k.app, '/api/lever/submit', OPEN, { authorization: `Bearer ${token}`, lang: 'en', ...headers });

/** Per position of `users`: its journal rows — the margin frozen and the fee charged, each once. */
async function movesPerPosition(users: number[]) {
  const r = await sql<{ id: number; margin: number; fee: number; n: number }>`
    SELECT o.id, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin' AND j.delta_available = -o.margin AND j.delta_frozen = o.margin)::int AS margin,
      count(j.id) FILTER (WHERE j.reason = 'lever_fee' AND j.delta_available = -o.fee AND j.delta_frozen = 0)::int AS fee
    FROM lever_orders o LEFT JOIN journal j ON j.ref_type = 'lever_order' AND j.ref_id = o.id::text
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`.execute(k.app.db);
  return r.rows;
}

/** Per position of `users`, closed: its release, its P&L move (none at 0) — each once. */
async function closingMovesOf(users: number[]) {
  const r = await sql<{ id: number; status: string; profit: string; release: number; pnl: number }>`
    SELECT o.id, o.status, trim_scale(o.profit)::text AS profit,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin_release' AND j.delta_available = o.margin AND j.delta_frozen = -o.margin)::int AS release,
      count(j.id) FILTER (WHERE j.reason IN ('lever_profit', 'lever_loss') AND j.delta_available = o.profit)::int AS pnl
    FROM lever_orders o LEFT JOIN journal j ON j.ref_type = 'lever_order' AND j.ref_id = o.id::text
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`.execute(k.app.db);
  return r.rows;
}

const refusals = (out: Answer[]) => out.filter((a) => a.type !== 'ok').map((a) => a.message);

describe('contract market entries at once', () => {
  it('50 opens on a balance for 10: exactly ten positions, each with its margin and fee, none below zero', async () => {
    const [u] = await quickUsers(k.t, 1);
    // what is left after ten covers an eleventh margin, not its fee: the fee is part of the guard
    await k.fund(u.id, USDT, LEVER, String(10 * COST + 301));
    const out = await race(Array.from({ length: 50 }, () => () => open(u.token)));
    expect(oks(out)).toBe(10);
    expect(refusals(out)).toEqual(Array(40).fill('Insufficient balance'));
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '301', frozen: '3000' });
    const rows = await movesPerPosition([u.id]);
    expect(rows.map((r) => r.id).sort()).toEqual(
      out
        .filter((a) => a.type === 'ok')
        .map((a) => (a.message as LeverPosition).id)
        .sort(),
    );
    for (const r of rows) expect(r, `position ${r.id}`).toMatchObject({ n: 2, margin: 1, fee: 1 });
    await journalSound(k.app.db);
  });

  it('50 users sending 2 opens each on a balance for one: one position each, the rest refused alone', async () => {
    const users = await quickUsers(k.t, 50);
    for (const u of users) await k.fund(u.id, USDT, LEVER, String(COST));
    const out = await race(users.flatMap((u) => [() => open(u.token), () => open(u.token)]));
    expect(oks(out)).toBe(50);
    expect(refusals(out)).toEqual(Array(50).fill('Insufficient balance'));
    const rows = await movesPerPosition(users.map((u) => u.id));
    expect(rows).toHaveLength(50);
    for (const r of rows) expect(r, `position ${r.id}`).toMatchObject({ n: 2, margin: 1, fee: 1 });
    const owners = await k.app.db
      .selectFrom('lever_orders')
      .select('user_id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(new Set(owners.map((o) => o.user_id)).size).toBe(50);
    for (const u of users) expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '0', frozen: '300' });
    await journalSound(k.app.db);
  });

  it('one open sent 10 times at once with one Idempotency-Key: one position, every answer the first one', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, '10000');
    const send = () => open(u.token, { 'idempotency-key': 'open-1' });
    const out = (await Promise.all(Array.from({ length: 10 }, send))).map((r) => ({
      status: r.statusCode,
      ...envelope(r),
    }));
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    const done = out.filter((r) => r.type === 'ok');
    expect(done.length).toBeGreaterThanOrEqual(1);
    // the late retry: the answer rebuilt from the committed position, the same as the first
    const again = envelope(await send());
    expect(again.type).toBe('ok');
    for (const r of done) expect(r.message).toEqual(again.message);
    const rows = await movesPerPosition([u.id]);
    expect(rows.map((r) => r.id)).toEqual([(again.message as LeverPosition).id]);
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: String(10000 - COST), frozen: '300' });
    const key = await k.app.db
      .selectFrom('idempotency_keys')
      .select(['committed_ref'])
      .where('user_id', '=', u.id)
      .where('key', '=', 'open-1')
      .executeTakeFirstOrThrow();
    expect(key.committed_ref).toEqual({ type: 'lever_order', id: rows[0].id });
    await journalSound(k.app.db);
  });
});

describe('contract closes at once', () => {
  it('5 closes of each of 10 positions at once: each closes exactly once, its profit credited once', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, String(10 * COST));
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(((await envelope(await open(u.token))).message as LeverPosition).id);
    await k.tick('ETH/USDT', '3010'); // each long: 1 ETH × +10
    const close = (id: number) => () =>
      post(k.app, '/api/lever/close', { id }, { authorization: `Bearer ${u.token}`, lang: 'en' });
    const out = await race(ids.flatMap((id) => Array.from({ length: 5 }, () => close(id))));
    expect(oks(out)).toBe(10);
    expect(refusals(out)).toEqual(Array(40).fill(expect.any(String)));
    const rows = await closingMovesOf([u.id]);
    expect(rows).toHaveLength(10);
    for (const r of rows)
      expect(r, `position ${r.id}`).toMatchObject({ status: 'closed', profit: '10', release: 1, pnl: 1 });
    // the fees paid, the profits credited, nothing frozen
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: String(10 * 300 + 10 * 10), frozen: '0' });
    await k.tick('ETH/USDT', '3000');
    await journalSound(k.app.db);
  });

  it('a close whose loss is beyond the balance takes what there is and records the rest as uncovered', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, String(COST));
    await k.tick('ETH/USDT', '3000');
    const p = (envelope(await open(u.token)).message as LeverPosition).id;
    // a gap to 2500 straight to the close (no tick in between to force-close first): a loss of 500
    // on a balance of 0 + the margin's 300
    const row = await closePosition(k.app.trade.ctx, u.id, p, 'stop_loss', { price: '2500', seq: 0, ts: k.clock.now });
    expect({ status: row?.status, profit: Number(row?.profit), uncovered: Number(row?.uncovered_loss) }).toEqual({
      status: 'closed',
      profit: -300,
      uncovered: 200,
    });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '0', frozen: '0' });
    await journalSound(k.app.db);
  });

  it('two closes of one position past this process’s user lock (two nodes): it closes once', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, LEVER, String(COST));
    await k.tick('ETH/USDT', '3000');
    const id = (envelope(await open(u.token)).message as LeverPosition).id;
    const row = await k.app.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const close = () =>
      closeAtPrice(k.app.db, { row, price: '3000', tick: null, reason: 'user', closedAt: new Date(), pnl: '0' });
    const out = await Promise.all([close(), close(), close()]);
    expect(out.filter((r) => r !== null)).toHaveLength(1);
    expect((await closingMovesOf([u.id]))[0]).toMatchObject({ status: 'closed', profit: '0', release: 1, pnl: 0 });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '300', frozen: '0' });
    await journalSound(k.app.db);
  });
});
