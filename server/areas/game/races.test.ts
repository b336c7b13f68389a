/**
 * The game's pools raced 50 ways against the round's lock: 50 players stake through the API while
 * the clock reaches the lock and the lock pass runs in the middle of the burst. A stake is accepted
 * only while the round is open; the pools are exactly the accepted stakes; refused players are not
 * charged; the settlement pays out of those pools once. No 5xx, no deadlock, journal = balances.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { balance } from '../../testing/funds-kit';
import { gameKit, tickAt, USDT, type GameKit } from '../../testing/game-kit';
import { grant } from '../../testing/loans-kit';
import { journalSound, postAs, quickUsers, race, step, until, type Call } from '../../testing/race-kit';

let k: GameKit;
beforeAll(async () => void (k = await gameKit()));
afterAll(async () => k?.close());

it('50 stakes against the lock: accepted only before it, pools = accepted stakes, refused players untouched, one settlement', async () => {
  const seen = { accepted: 0, refused: 0 };
  for (let round = 0; round < 2; round++) {
    await k.t.app.game.runOnce();
    const r = await k.t.app.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('status', '=', 'open')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const lockAt = Number(r.lock_at);
    k.clock.now = lockAt - 1; // the last millisecond before the lock
    tickAt(k.t, '200', lockAt - 500);
    await k.t.app.market.flush();
    const players = await quickUsers(k.t, 50);
    for (const u of players) await grant(k.t, u.id, USDT, '100');
    const stakeOf = (i: number) => String(1 + (i % 5));
    const sideOf = (i: number) => (i % 2 ? 'up' : 'down');
    const calls: Call[] = players.map(
      (u, i) => () =>
        postAs(k.t.app, '/api/game/stake', u.token, { round_id: r.id, side: sideOf(i), amount: stakeOf(i) }),
    );
    // round 0: the lock lands in the middle of the burst, once five stakes are in (the clock reaches
    // it and the pass runs); round 1: before any stake is handled
    const staked = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM game_stakes WHERE round_id = ${r.id}`.execute(
          k.t.app.db,
        )
      ).rows[0].n >= 5;
    calls.splice(
      20 + round * 10,
      0,
      step(async () => {
        if (round === 0) await until(staked);
        k.clock.now = lockAt;
        return k.t.app.game.runOnce();
      }),
    );
    const answers = await race(calls);
    k.clock.now = lockAt;
    await k.t.app.game.runOnce(); // locked by now whichever way the burst went
    const stakeAnswers = answers.filter((_, i) => i !== 20 + round * 10);
    const locked = await k.t.app.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(locked.status).toBe('locked');
    expect(Number(locked.lock_price)).toBe(200);

    const rows = await k.t.app.db
      .selectFrom('game_stakes')
      .select(['user_id', 'side', 'amount'])
      .where('round_id', '=', r.id)
      .execute();
    const accepted = new Set(rows.map((s) => s.user_id));
    expect(stakeAnswers.filter((a) => a.type === 'ok')).toHaveLength(rows.length);
    const sum = (side: string) =>
      rows
        .filter((s) => s.side === side)
        .reduce((a, s) => a.plus(s.amount), new Decimal(0))
        .toFixed();
    expect({ up: new Decimal(locked.up_total).toFixed(), down: new Decimal(locked.down_total).toFixed() }).toEqual({
      up: sum('up'),
      down: sum('down'),
    });
    for (const [i, u] of players.entries()) {
      const b = await balance(k.t, u.id, USDT);
      expect(b, `player ${i}`).toEqual({
        available: accepted.has(u.id) ? new Decimal(100).minus(stakeOf(i)).toFixed() : '100',
        frozen: '0',
      });
      if (!accepted.has(u.id)) expect(stakeAnswers[i].type).toBe('error');
    }
    seen.accepted += rows.length;
    seen.refused += players.length - rows.length;
    // a stake after the lock is refused whatever its timing
    expect(
      (await postAs(k.t.app, '/api/game/stake', players[0].token, { round_id: r.id, side: 'up', amount: '1' })).json(),
    ).toMatchObject({ type: 'error' });

    // settle from the recorded close tick: once, out of exactly those pools
    tickAt(k.t, '210', Number(r.close_at) - 500);
    await k.t.app.market.flush();
    k.clock.now = Number(r.close_at);
    await race([
      step(() => k.t.app.game.runOnce()),
      step(() => k.t.app.game.runOnce()),
      step(() => k.t.app.game.runOnce()),
    ]);
    const settled = await k.t.app.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('settled');
    const paid = await sql<{
      s: string;
      n: number;
    }>`SELECT COALESCE(sum(delta_available), 0)::text AS s, count(*)::int AS n FROM journal WHERE reason = 'game_payout' AND user_id IN (${sql.join(players.map((p) => p.id))})`.execute(
      k.t.app.db,
    );
    const pool = new Decimal(locked.up_total).plus(locked.down_total);
    expect(new Decimal(paid.rows[0].s).lte(pool)).toBe(true);
    expect(paid.rows[0].n).toBeLessThanOrEqual(rows.length); // one payout per accepted stake at most
    k.clock.now = Number(r.close_at);
  }
  // over the rounds both sides of the lock were reached
  expect(seen.accepted).toBeGreaterThan(0);
  expect(seen.refused).toBeGreaterThan(0);
  await journalSound(k.t.app.db);
}, 120_000);
