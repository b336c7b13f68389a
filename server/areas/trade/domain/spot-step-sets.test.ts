/**
 * spot_step_batch's set-based writes (migration 077) against the loop they replace (066's, kept as
 * spot_step_batch_seq): a crossing burst with keys (some sent twice), users who run short and users
 * without the coin's account yet, each statement run by both on the same state — the loop first,
 * undone — and what each wrote compared: every row, every balance, the journal in order, the keys,
 * the answers. Fill and journal ids are not compared (the loop's took sequence values), their order is.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../../../core';
import { post } from '../../../testing/app';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { journalSound, quickUsers, race } from '../../../testing/race-kit';
import { mulberry32 } from '../../../market/feed/prng';
import { placeSpotOrder } from './spot';

const CHANGE = ACCOUNT_TYPES.change;
const USDT = 4;
const BNB = 6;

/** What a statement of steps wrote for its users, ids of new fills and journal rows left out. */
const EFFECTS = `
  CREATE FUNCTION spot_step_effects(p jsonb, fn text, f0 int, j0 bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE ret jsonb; us int[];
  BEGIN
    EXECUTE format('SELECT jsonb_agg(to_jsonb(r) ORDER BY r.n, r.i) FROM %I($1) r', fn) INTO ret USING p;
    us := ARRAY(SELECT DISTINCT (u.j)::int FROM jsonb_array_elements(p) s(j), jsonb_array_elements(s.j->'us') u(j));
    RETURN jsonb_build_object('ret', ret,
      'orders', (SELECT jsonb_agg(to_jsonb(o) ORDER BY o.id) FROM spot_orders o WHERE o.user_id = ANY(us)),
      'fills', (SELECT jsonb_agg(to_jsonb(f) - 'id' ORDER BY f.id) FROM spot_fills f WHERE f.id > f0),
      'journal', (SELECT jsonb_agg(to_jsonb(j) - 'id' - 'account_id' - 'ref_id' || jsonb_build_object('ref',
          CASE WHEN j.ref_type = 'spot_fill' THEN (SELECT jsonb_build_array(f.order_id, f.counter_order_id, f.role)
            FROM spot_fills f WHERE f.id = j.ref_id::int) ELSE to_jsonb(j.ref_id) END) ORDER BY j.id)
        FROM journal j WHERE j.id > j0 AND j.user_id = ANY(us)),
      'accounts', (SELECT jsonb_agg(to_jsonb(a) - 'id' ORDER BY a.user_id, a.currency_id, a.type)
        FROM accounts a WHERE a.user_id = ANY(us)),
      -- the statement's own keys (other requests' claims come and go meanwhile)
      'keys', (SELECT jsonb_agg(to_jsonb(k) ORDER BY k.user_id, k.key) FROM idempotency_keys k
        WHERE (k.user_id, k.key) IN (SELECT (o.j->>'u')::int, o.j->>'k' FROM jsonb_array_elements(p) s(j), jsonb_array_elements(s.j->'o') o(j))));
  END $$`;

/** spot_step_batch wrapped: the loop's effects kept and undone (a subtransaction), then the set-based path's, both recorded. */
const BOTH = `
  CREATE FUNCTION spot_step_batch(p jsonb) RETURNS TABLE (n int, i int, st text, bal jsonb) LANGUAGE plpgsql AS $$
  DECLARE a jsonb; b jsonb; f0 int; j0 bigint;
  BEGIN
    SELECT coalesce(max(x.id), 0) INTO f0 FROM spot_fills x;
    SELECT coalesce(max(x.id), 0) INTO j0 FROM journal x;
    BEGIN
      a := spot_step_effects(p, 'spot_step_batch_seq', f0, j0);
      RAISE EXCEPTION 'undo' USING ERRCODE = 'P0001';
    EXCEPTION WHEN SQLSTATE 'P0001' THEN NULL;
    END;
    b := spot_step_effects(p, 'spot_step_batch_sets', f0, j0);
    INSERT INTO step_check (same, early, fills, p, a, b)
      VALUES (a = b, a->'ret' @> '[{"st": "refused"}]' OR a->'ret' @> '[{"st": "dup"}]',
        CASE WHEN jsonb_typeof(b->'fills') = 'array' THEN jsonb_array_length(b->'fills') ELSE 0 END, p, a, b);
    RETURN QUERY SELECT r.n, r.i, r.st, r.bal FROM jsonb_to_recordset(b->'ret') AS r(n int, i int, st text, bal jsonb);
  END $$`;

let k: Kit;
beforeAll(async () => {
  k = await createKit();
  await k.tick('BNB/USDT', '100');
  k.feed.setBook('BNB/USDT', { asks: [['1000', '1']], bids: [['1', '1']] }); // far away: the users meet each other only
  const db = k.app.db;
  await sql`CREATE TABLE step_check (id serial, same boolean, early boolean, fills int, p jsonb, a jsonb, b jsonb)`.execute(
    db,
  );
  await sql.raw(EFFECTS).execute(db);
  await sql`ALTER FUNCTION spot_step_batch(jsonb) RENAME TO spot_step_batch_sets`.execute(db);
  await sql.raw(BOTH).execute(db);
});
afterAll(async () => {
  await k.t.close();
});

const trade = (token: string, fields: Record<string, string | number>, key?: string) =>
  post(
    k.app,
    '/api/coin/trade',
    { legal_id: USDT, currency_id: BNB, ...fields },
    { authorization: `Bearer ${token}`, lang: 'en', ...(key ? { 'idempotency-key': key } : {}) },
  );

describe('set-based step writes against the loop', () => {
  it('write the same rows, balances, journal, keys and answers, statement by statement', async () => {
    const users = await quickUsers(k.t, 8);
    for (const [n, u] of users.entries()) {
      // one runs short of quote; two hold no coin account until a buy credits one (they only buy)
      await k.fund(u.id, USDT, CHANGE, n === 0 ? '150' : '100000');
      if (n < 6) await k.fund(u.id, BNB, CHANGE, '1000');
    }
    const rng = mulberry32(11);
    const calls = Array.from({ length: 160 }, (_, c) => {
      const n = c % 40 === 0 ? 0 : 1 + Math.floor(rng.next() * (users.length - 1));
      const side = n < 6 && rng.next() < 0.5 ? 'sell' : 'buy';
      const price = ['99.5', '100', '100.5'][Math.floor(rng.next() * 3)];
      const amount = ['0.5', '1', '1.5'][Math.floor(rng.next() * 3)];
      // every fifth keyed, some keys sent by one user twice
      const key = c % 5 === 0 ? `sets-${Math.floor(c / 10)}` : undefined;
      if (c % 7 === 3) {
        // a key claimed in the statement itself (route `kc`), each sent twice by one user
        const scope = {
          userId: users[1].id,
          key: `in-${Math.floor(c / 14)}`,
          claim: { route: 'coin/trade', owner: 't' },
        };
        const place = { symbol: 'BNB/USDT', side, amount, targetPrice: price } as const;
        return () =>
          placeSpotOrder(k.app.trade.ctx, users[1].id, place, scope).then(
            (message) => ({ status: 200, type: 'ok', message }),
            (err: Error) => ({ status: 200, type: 'error', message: err.message }),
          );
      }
      return () => trade(users[n].token, { type: side, amount, target_price: price }, key);
    });
    // in waves, so the statements are many: steps of a few orders up to twenty
    for (let w = 0; w < calls.length; w += 20) await race(calls.slice(w, w + 20));
    const r = await sql<Record<'n' | 'same' | 'fast' | 'crossing' | 'expiring' | 'keyed', number>>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE same)::int AS same,
        count(*) FILTER (WHERE NOT early)::int AS fast, count(*) FILTER (WHERE NOT early AND fills > 0)::int AS crossing,
        count(*) FILTER (WHERE NOT early AND jsonb_path_exists(p, '$[*].o[*].x[*]'))::int AS expiring,
        count(*) FILTER (WHERE NOT early AND jsonb_path_exists(p, '$[*].o[*].k'))::int AS keyed
      FROM step_check`.execute(k.app.db);
    const diff = await sql<{ a: unknown; b: unknown }>`SELECT a, b FROM step_check WHERE NOT same LIMIT 1`.execute(
      k.app.db,
    );
    expect(diff.rows[0]?.b).toEqual(diff.rows[0]?.a);
    const s = r.rows[0];
    expect(s.same).toBe(s.n);
    expect(s.fast, 'statements the set-based path wrote').toBeGreaterThanOrEqual(3);
    expect(s.crossing, 'of them with fills').toBeGreaterThanOrEqual(1);
    expect(s.keyed, 'of them with keys').toBeGreaterThanOrEqual(1);
    expect(s.expiring, "of them expiring a user's own resting order").toBeGreaterThanOrEqual(1);
    await journalSound(k.app.db);
  });
});
