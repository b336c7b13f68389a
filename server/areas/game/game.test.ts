/**
 * The up/down game through its HTTP API on a real database: a round played to its result with
 * payouts through the ledger, refunds, the refusals that change nothing, the back office closed to
 * customers, and the verify checker catching a tampered tick.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency } from '../../db/ledger';
import { balance, call, operator } from '../../testing/funds-kit';
import { gameKit, player, playRound, stake, tickAt, USDT, type GameKit } from '../../testing/game-kit';
import { gameChecker } from './domain/verify';
import type { AdminGameRound } from '../../../core';

let k: GameKit;
beforeAll(async () => {
  k = await gameKit();
});
afterAll(async () => k?.close());

const openRound = async () => {
  await k.t.app.game.runOnce();
  return k.t.app.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
};

describe('up/down game', () => {
  it('a round played to its result: winners share the pool minus the fee, rounded down; lock and close ticks recorded with seq and time', async () => {
    const [a, b, c] = [await player(k.t), await player(k.t), await player(k.t)];
    const id = await playRound(
      k,
      [
        [a, 'up', '10'],
        [b, 'up', '20'],
        [c, 'down', '70'],
      ],
      '100',
      '100.5',
    );
    const r = await k.t.app.db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(r).toMatchObject({ status: 'settled', outcome: 'up' });
    expect(Number(r.lock_price)).toBe(100);
    expect(Number(r.close_price)).toBe(100.5);
    expect(Number(r.lock_ts)).toBe(Number(r.lock_at) - 1000);
    expect(Number(r.close_seq)).toBeGreaterThan(Number(r.lock_seq));
    // pool 100, fee 3 %: 97 × 10/30 = 32.33, 97 × 20/30 = 64.66; fee 3.01
    expect(await balance(k.t, a.id, USDT)).toEqual({ available: '1022.33', frozen: '0' });
    expect(await balance(k.t, b.id, USDT)).toEqual({ available: '1044.66', frozen: '0' });
    expect(await balance(k.t, c.id, USDT)).toEqual({ available: '930', frozen: '0' });
    expect(Number(r.fee)).toBe(3.01);
    const v = await call(k.t, 'GET', '/api/game/verify', undefined, { id });
    expect(v.message).toMatchObject({
      round: { id, outcome: 'up', pool: '100', fee: '3.01' },
      feed_ticks: { lock: { price: '100' }, close: { price: '100.5' } },
    });
    // settling again changes nothing
    await k.t.app.game.runOnce();
    expect(await balance(k.t, a.id, USDT)).toEqual({ available: '1022.33', frozen: '0' });
  });

  it('refunds everyone when one side is empty or lock = close', async () => {
    const [a, b] = [await player(k.t), await player(k.t)];
    const one = await playRound(
      k,
      [
        [a, 'up', '10'],
        [b, 'up', '5'],
      ],
      '100',
      '120',
    );
    const tie = await playRound(
      k,
      [
        [a, 'up', '10'],
        [b, 'down', '5'],
      ],
      '100',
      '100.00',
    );
    const rows = await k.t.app.db
      .selectFrom('game_rounds')
      .select(['id', 'outcome', 'refund_reason', 'fee'])
      .where('id', 'in', [one, tie])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.outcome, r.refund_reason, Number(r.fee)])).toEqual([
      ['refund', 'one_sided', 0],
      ['refund', 'tie', 0],
    ]);
    expect(await balance(k.t, a.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    expect(await balance(k.t, b.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    // the back office's round screen: each stake, its player and what was refunded
    const op = await operator(k.t);
    const seen = (
      await k.t.app.inject({
        method: 'GET',
        url: `/admin/api/game/round?id=${tie}`,
        headers: { authorization: `Bearer ${op}` },
      })
    ).json<{ message: AdminGameRound }>().message;
    expect(seen.round).toMatchObject({ id: tie, outcome: 'refund', refund_reason: 'tie' });
    expect(seen.stakes.map((x) => [x.user_id, x.side, x.amount, x.payout])).toEqual([
      [a.id, 'up', '10', '10'],
      [b.id, 'down', '5', '5'],
    ]);
    const asUser = (
      await k.t.app.inject({
        method: 'GET',
        url: `/admin/api/game/round?id=${tie}`,
        headers: { authorization: `Bearer ${a.token}` },
      })
    ).json();
    expect(asUser).toMatchObject({ type: '999' });
  });

  it('refuses a stake after the lock, above the balance, or with 30 decimals — and nothing changes', async () => {
    const poor = await player(k.t, '5');
    const round = await openRound();
    const before = async () => ({
      bal: await balance(k.t, poor.id, USDT),
      stakes: (await k.t.app.db.selectFrom('game_stakes').select('id').where('user_id', '=', poor.id).execute()).length,
      round: await k.t.app.db
        .selectFrom('game_rounds')
        .select(['up_total', 'down_total'])
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow(),
      journal: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM journal WHERE user_id = ${poor.id}`.execute(k.t.app.db)
      ).rows[0].n,
    });
    const start = await before();
    const over = await stake(k.t, poor, round.id, 'up', '6');
    expect(over).toMatchObject({ type: 'error', message: 'Insufficient balance' });
    const dec = await stake(k.t, poor, round.id, 'up', '1.' + '1'.repeat(30));
    expect(dec).toMatchObject({ type: 'error', message: 'The amount has at most 2 decimal places' });
    const low = await stake(k.t, poor, round.id, 'down', '0.5');
    expect(low.message).toBe('The minimum stake is 1 USDT');
    expect(await before()).toEqual(start);
    // at the lock instant (the job has not run yet) and after it
    k.clock.now = Number(round.lock_at);
    expect((await stake(k.t, poor, round.id, 'up', '1')).message).toBe('This round is locked: staking has closed');
    tickAt(k.t, '100', Number(round.lock_at) - 10);
    await k.t.app.game.runOnce();
    expect((await stake(k.t, poor, round.id, 'up', '1')).message).toBe('This round is locked: staking has closed');
    expect(await before()).toEqual(start);
  });

  it('a customer cannot reach the game back office; an operator can, and the change is logged', async () => {
    const u = await player(k.t, '0');
    const asUser = await k.t.app.inject({
      method: 'POST',
      url: '/admin/api/game/settings',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { key: 'game_fee_rate', value: '0', reason: 'x' },
    });
    expect(asUser.json()).toMatchObject({ type: '999' }); // not an operator session
    expect((await k.t.app.game.rules()).feeRate).toBe('0.03');
    const op = await operator(k.t);
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/admin/api/game/settings',
      headers: { authorization: `Bearer ${op}` },
      payload: { key: 'game_fee_rate', value: '0.05', reason: 'promo over' },
    });
    expect(res.json()).toMatchObject({ type: 'ok' });
    expect((await k.t.app.game.rules()).feeRate).toBe('0.05');
    const log = await k.t.app.db
      .selectFrom('operator_actions')
      .select(['action', 'target', 'reason'])
      .where('action', '=', 'game_setting')
      .execute();
    expect(log).toEqual([{ action: 'game_setting', target: 'game_fee_rate', reason: 'promo over' }]);
  });

  it('the verify checker recomputes every settled round and reports exactly the rounds whose stored ticks were tampered with', async () => {
    const db = k.t.app.db;
    const rows = await gameChecker.check(db);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    const target = await db
      .selectFrom('game_rounds')
      .select(['id', 'symbol', 'close_seq', 'close_price'])
      .where('outcome', '=', 'up')
      .executeTakeFirstOrThrow();
    const badIds = async () => (await gameChecker.check(db)).filter((r) => !r.ok);

    // the round's own record of its close tick
    await db.updateTable('game_rounds').set({ close_price: '99' }).where('id', '=', target.id).execute();
    expect((await badIds()).map((r) => r.id)).toEqual([`round ${target.id}`]);
    await db.updateTable('game_rounds').set({ close_price: target.close_price }).where('id', '=', target.id).execute();
    expect(await badIds()).toEqual([]);

    // the feed's stored tick: every round that recorded it is reported (a close instant is the next round's lock instant), no other
    await db
      .updateTable('market_ticks')
      .set({ price: '99' })
      .where('symbol', '=', target.symbol)
      .where('seq', '=', Number(target.close_seq))
      .execute();
    const users = await db
      .selectFrom('game_rounds')
      .select('id')
      .where('status', '=', 'settled')
      .where((eb) => eb.or([eb('lock_seq', '=', target.close_seq), eb('close_seq', '=', target.close_seq)]))
      .orderBy('id')
      .execute();
    const bad = await badIds();
    expect(bad.map((r) => r.id)).toEqual(users.map((u) => `round ${u.id}`));
    expect(bad.find((r) => r.id === `round ${target.id}`)?.expected).toContain('close 99');
    expect(await checkJournalConsistency(db)).toEqual([]);
  });
});
