/**
 * Every idempotent POST across a crash between its commit and its stored answer:
 * the retry answers the same order / request and nothing runs twice — for routes whose answer is
 * stored in the operation's transaction (spot) and routes that rebuild it from the row they wrote
 * (contracts, recharge requests, which move no money but still mark their key in their own
 * transaction, products, follows).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPES } from '../../core';
import { checkJournalConsistency, credit } from '../db/ledger';
import { envelope, post, type TestApp } from '../testing/app';
import { call, closeKit, kit, upload, user, type TestUser } from '../testing/funds-kit';

const USDT = 4;
const BTC = 1;
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await kit();
  u = await user(t);
  await t.app.db.transaction().execute(async (trx) => {
    await credit(trx, {
      userId: u.id,
      currencyId: USDT,
      type: ACCOUNT_TYPES.change,
      amount: '100000',
      reason: 'test_grant',
    });
    await credit(trx, {
      userId: u.id,
      currencyId: USDT,
      type: ACCOUNT_TYPES.lever,
      amount: '100000',
      reason: 'test_grant',
    });
    await credit(trx, {
      userId: u.id,
      currencyId: BTC,
      type: ACCOUNT_TYPES.change,
      amount: '10',
      reason: 'test_grant',
    });
  });
  await t.app.trade.refreshBalances();
});
afterAll(async () => {
  expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  await closeKit(t);
});

/**
 * Runs the request and "kills" the process right after the operation returned: the answer is never
 * stored by the request handler (nor the key released), and the key is left owned by a dead process.
 */
async function crashAfterCommit(route: string, fields: Record<string, string | number>, key: string) {
  const db = t.app.db as unknown as Record<string, unknown>;
  const saved = { updateTable: db.updateTable, deleteFrom: db.deleteFrom };
  const dead = (name: 'updateTable' | 'deleteFrom') => (table: string) => {
    if (table === 'idempotency_keys') throw new Error('killed');
    return (saved[name] as (tb: string) => unknown).call(t.app.db, table);
  };
  db.updateTable = dead('updateTable');
  db.deleteFrom = dead('deleteFrom');
  try {
    await send(route, fields, key);
  } finally {
    Object.assign(db, saved);
  }
  await t.app.trade.idle();
  await sql`UPDATE idempotency_keys SET owner = 'a-process-that-died', created_at = now() - interval '1 minute' WHERE user_id = ${u.id} AND key = ${key}`.execute(
    t.app.db,
  );
}
const send = (route: string, fields: Record<string, string | number>, key: string) => postWithKey(route, fields, key);
async function postWithKey(route: string, fields: Record<string, string | number>, key: string) {
  return envelope(await post(t.app, route, fields, { authorization: u.token, 'idempotency-key': key, lang: 'en' }));
}
const count = async (table: 'spot_orders' | 'lever_orders' | 'recharges' | 'dual_orders') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function retried(route: string, fields: Record<string, string | number>, key: string) {
  const a = await postWithKey(route, fields, key);
  expect(a.type).toBe('ok');
  expect(await postWithKey(route, fields, key)).toEqual(a);
  return a.message as { id: number; status?: string };
}

it('spot: a retry after the crash answers the order that was placed, and places no second one', async () => {
  const body = { amount: '1', target_price: '45000', currency_id: BTC, legal_id: USDT, type: 'buy' };
  await crashAfterCommit('/api/coin/trade', body, 'spot-1');
  expect(await count('spot_orders')).toBe(1);
  const o = await retried('/api/coin/trade', body, 'spot-1');
  expect(o).toMatchObject({ status: 'open', target_price: '45000' });
  expect(await count('spot_orders')).toBe(1);
});

it('contracts: a retried open answers the position opened, a retried close the position closed, each once', async () => {
  const body = { currency_id: BTC, legal_id: USDT, type: 'long', share: '10', multiple: 10 };
  await crashAfterCommit('/api/lever/submit', body, 'lever-1');
  const p = await retried('/api/lever/submit', body, 'lever-1');
  expect(p).toMatchObject({ status: 1, price: '50000' });
  expect(await count('lever_orders')).toBe(1);
  await crashAfterCommit('/api/lever/close', { id: p.id }, 'close-1');
  expect(await retried('/api/lever/close', { id: p.id }, 'close-1')).toMatchObject({ id: p.id, status: 3 });
  await postWithKey('/api/lever/submit', body, 'lever-2');
  await crashAfterCommit('/api/lever/batch_close', { type: 'all' }, 'batch-1');
  expect(await retried('/api/lever/batch_close', { type: 'all' }, 'batch-1')).toMatchObject({ closed: 1 });
});

it('a recharge request (no money moves) is filed once: the retry answers the same request', async () => {
  const voucher = await upload(t, u.token);
  const body = { currency: USDT, amount: '100', type: 'TRC20', voucher };
  await crashAfterCommit('/api/wallet/charge_req', body, 'charge-1');
  expect(await count('recharges')).toBe(1);
  const r = await retried('/api/wallet/charge_req', body, 'charge-1');
  const row = await t.app.db.selectFrom('recharges').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow();
  expect(r.id).toBe(row.id);
  expect(await count('recharges')).toBe(1);
});

it('dual invest: a retried purchase answers the order bought, once', async () => {
  const { type, message } = await call(t, 'GET', '/api/dual/index', undefined, { currency_id: BTC });
  expect(type).toBe('ok');
  const product = (message as { dual_currencys: { id: number }[] }).dual_currencys[0];
  await crashAfterCommit('/api/dual/buyDual', { id: product.id, num: '1' }, 'dual-1');
  expect(await count('dual_orders')).toBe(1);
  const o = await retried('/api/dual/buyDual', { id: product.id, num: '1' }, 'dual-1');
  expect(o.id).toBeGreaterThan(0);
  expect(await count('dual_orders')).toBe(1);
});
