/**
 * Money invariants under load: 200 concurrent random orders (spot market/limit, cancels, contract
 * opens/closes, seconds options) from 20 users while the scripted feed moves prices, then all
 * pending seconds orders settle. Every balance must equal its journal; no available or frozen
 * amount may be negative; every frozen amount must be explained by a live order.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPES } from '../../../../core';
import { checkJournalConsistency } from '../../../db/ledger';
import { createKit, type Kit } from '../../../testing/trade-kit';

let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});

// a small deterministic PRNG so a failure reproduces
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

it('200 concurrent random orders across 20 users keep every balance equal to its journal and never negative', async () => {
  const users: { id: number; token: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const u = await k.user(`load${i}@example.com`);
    await k.fund(u.id, 4, ACCOUNT_TYPES.change, '3000');
    await k.fund(u.id, 1, ACCOUNT_TYPES.change, '0.05');
    await k.fund(u.id, 4, ACCOUNT_TYPES.lever, '2000');
    await k.fund(u.id, 4, ACCOUNT_TYPES.micro, '500');
    users.push(u);
  }
  await k.tick('BTC/USDT', '50000');
  await k.tick('ETH/USDT', '3000');
  const r = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const outcomes: Record<string, number> = {};
  const t0 = performance.now();
  const tasks = Array.from({ length: 200 }, (_, i) => {
    const u = pick(users);
    const kind = pick(['spot_mkt', 'spot_lim', 'cancel', 'lever_mkt', 'lever_lim', 'close', 'seconds'] as const);
    const go = async () => {
      let res;
      if (kind === 'spot_mkt')
        res = await k.call('POST', '/api/coin/trade', u.token, {
          amount: pick(['0.001', '0.01', '0.05']),
          currency_id: pick([1, 2]),
          legal_id: 4,
          type: pick(['buy', 'sell']),
        });
      else if (kind === 'spot_lim')
        res = await k.call('POST', '/api/coin/trade', u.token, {
          amount: '0.01',
          target_price: pick(['49500', '50500', '49900', '50100']),
          currency_id: 1,
          legal_id: 4,
          type: pick(['buy', 'sell']),
        });
      else if (kind === 'cancel')
        res = await k.call('POST', '/api/coin/cancel', u.token, { id: 1 + Math.floor(r() * 60) });
      else if (kind === 'lever_mkt')
        res = await k.call('POST', '/api/lever/submit', u.token, {
          currency_id: pick([1, 2]),
          legal_id: 4,
          type: pick(['long', 'short']),
          share: pick(['10', '100', '300']),
          multiple: pick([10, 20, 50]),
        });
      else if (kind === 'lever_lim')
        res = await k.call('POST', '/api/lever/submit', u.token, {
          currency_id: 1,
          legal_id: 4,
          type: pick(['long', 'short']),
          status: 'limit',
          target_price: pick(['49800', '50200']),
          share: '50',
          multiple: 20,
        });
      else if (kind === 'close')
        res = await k.call('POST', '/api/lever/close', u.token, { id: 1 + Math.floor(r() * 60) });
      else
        res = await k.call('POST', '/api/microtrade/submit', u.token, {
          match_id: pick([1, 2]),
          currency_id: 4,
          type: pick(['up', 'down']),
          seconds: 30,
          number: pick(['10', '50', '200']),
        });
      const key = `${kind}:${res.type === 'ok' ? 'ok' : String(res.message)}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    };
    // prices move while the orders are in flight
    const move =
      i % 10 === 0
        ? k.tick(
            pick(['BTC/USDT', 'ETH/USDT']),
            pick(['BTC', 'ETH']) === 'BTC'
              ? pick(['49000', '49800', '50000', '50200', '51000', '46000'])
              : pick(['2900', '3000', '3100']),
          )
        : Promise.resolve();
    return Promise.all([go(), move]);
  });
  await Promise.all(tasks);
  await k.tick('BTC/USDT', '45000'); // deep drop: liquidations of high-multiple longs
  await k.tick('ETH/USDT', '3300');
  k.clock.now += 31_000;
  await k.settle();
  await k.app.trade.idle();
  const ms = performance.now() - t0;

  expect(await checkJournalConsistency(k.app.db)).toEqual([]);
  const neg = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM accounts WHERE available < 0 OR frozen < 0`.execute(k.app.db);
  expect(neg.rows[0].n).toBe(0);
  // every frozen USDT/BTC is explained by live orders
  const frozen = await sql<{ user_id: number; currency_id: number; type: number; frozen: string; explained: string }>`
    SELECT a.user_id, a.currency_id, a.type, a.frozen::text,
      (CASE
        WHEN a.type = 2 THEN (SELECT coalesce(sum(o.frozen), 0) FROM spot_orders o JOIN pairs p ON p.symbol = o.symbol
                              WHERE o.user_id = a.user_id AND o.status = 'open'
                                AND ((o.side = 'buy' AND p.legal_id = a.currency_id) OR (o.side = 'sell' AND p.currency_id = a.currency_id)))
        WHEN a.type = 3 THEN (SELECT coalesce(sum(margin + CASE WHEN status = 'entrusted' THEN fee ELSE 0 END), 0) FROM lever_orders WHERE user_id = a.user_id AND status IN ('entrusted', 'position'))
        ELSE (SELECT coalesce(sum(number), 0) FROM seconds_orders WHERE user_id = a.user_id AND currency_id = a.currency_id AND status = 'pending')
      END)::text AS explained
    FROM accounts a`.execute(k.app.db);
  for (const row of frozen.rows) expect(Number(row.frozen), JSON.stringify(row)).toBe(Number(row.explained));
  const pending = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM seconds_orders WHERE status = 'pending'`.execute(k.app.db);
  expect(pending.rows[0].n).toBe(0);
  expect(Object.keys(outcomes).some((x) => x.endsWith(':ok'))).toBe(true);
  console.log(`200 orders + settlement in ${Math.round(ms)} ms`, outcomes);
}, 120_000);
