/**
 * No operator override: no back-office route writes what decided an outcome or the
 * outcome itself, and a settings change applies to new orders only.
 * The walk: database triggers log every change of an outcome column (and every deleted tick or
 * outcome row); then every back-office write route registered in the app is called by an operator
 * with the ids of settled records and every outcome field name set to a new value. The log stays empty.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPES, type DualOrder, type DualIndexAnswer, type LeverPosition, type SecondsOrder } from '../../core';
import { createKit, type Kit } from '../testing/trade-kit';
import { operator } from '../testing/funds-kit';
import { post } from '../testing/app';

const { lever: LEVER, micro: MICRO } = ACCOUNT_TYPES;
const USDT = 4;
const BTC = 1;
const PRODUCT = 2;

/** table → the columns that decide or are an outcome */
const OUTCOME_COLUMNS: Record<string, string[]> = {
  seconds_orders: [
    'buy_price',
    'buy_seq',
    'buy_ts',
    'end_price',
    'end_seq',
    'end_ts',
    'expires_at',
    'profit_ratio',
    'number',
    'result',
    'payout',
    'profit',
    'status',
  ],
  lever_orders: [
    'open_price',
    'open_seq',
    'open_walk',
    'close_price',
    'close_seq',
    'close_reason',
    'profit',
    'uncovered_loss',
    'liq_risk_rate',
    'liq_line',
    'liq_available',
    'liq_group',
  ],
  dual_orders: [
    'amount',
    'apr',
    'linked_price',
    'days',
    'maturity_at',
    'settle_price',
    'settle_seq',
    'settle_ts',
    'payout_amount',
    'payout_currency_id',
  ],
  ieo_orders: ['amount', 'price', 'pay_amount', 'allotted', 'cost', 'refund', 'alloc_issuance', 'alloc_applied'],
  nft_boxes: ['series_id', 'k', 'prize'],
  nft_box_series: ['manifest', 'commitment', 'secret_seed'],
  market_ticks: ['price', 'ts'],
  spot_fills: ['price', 'qty', 'total', 'fee', 'book_seq', 'tick_seq'],
};

let k: Kit;
let op: string;
const settled = { seconds: 0, lever: 0, dual: 0 };

async function installWatch(): Promise<void> {
  await sql`CREATE TABLE outcome_writes (tbl TEXT, op TEXT, cols TEXT)`.execute(k.app.db);
  await sql`
    CREATE FUNCTION log_outcome_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE c TEXT; changed TEXT := '';
    BEGIN
      IF TG_OP = 'DELETE' THEN
        INSERT INTO outcome_writes VALUES (TG_TABLE_NAME, TG_OP, '*');
        RETURN OLD;
      END IF;
      FOREACH c IN ARRAY TG_ARGV LOOP
        IF to_jsonb(OLD) -> c IS DISTINCT FROM to_jsonb(NEW) -> c THEN changed := changed || c || ' '; END IF;
      END LOOP;
      IF changed <> '' THEN INSERT INTO outcome_writes VALUES (TG_TABLE_NAME, TG_OP, changed); END IF;
      RETURN NEW;
    END $$`.execute(k.app.db);
  for (const [table, cols] of Object.entries(OUTCOME_COLUMNS)) {
    const args = cols.map((c) => `'${c}'`).join(', ');
    await sql
      .raw(
        `CREATE TRIGGER ${table}_outcome_watch AFTER UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION log_outcome_write(${args})`,
      )
      .execute(k.app.db);
  }
}

/** Field names the server's route modules declare (`name: z…`), read from their source, so the walk fills real fields. */
function declaredFields(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (/(admin|routes)[^/]*\.ts$/.test(e.name) && !e.name.endsWith('.test.ts')) files.push(f);
    }
  };
  walk(path.resolve(__dirname, '..'));
  const names = new Set<string>();
  for (const f of files)
    for (const m of fs
      .readFileSync(f, 'utf8')
      .matchAll(
        /\b([a-z][a-z0-9_]*)\s*:\s*(?:z\.|id\b|idField|optionalId|optText|text|decimal|amount|reason|requiredReason)/g,
      ))
      names.add(m[1]);
  return [...names];
}

const writes = async () =>
  (await sql<{ tbl: string; op: string; cols: string }>`SELECT * FROM outcome_writes`.execute(k.app.db)).rows;

beforeAll(async () => {
  k = await createKit();
  k.app.products.pauseTimer();
  k.app.products.now = () => k.clock.now;
  op = await operator(k.t);
  const u = await k.user('override@example.com');
  await k.fund(u.id, USDT, MICRO, '1000');
  await k.fund(u.id, USDT, LEVER, '10000');
  await k.fund(u.id, BTC, PRODUCT, '1');
  const t0 = k.clock.now;
  await k.tick('BTC/USDT', '50000', t0 - 500);
  settled.seconds = (
    (
      await k.call('POST', '/api/microtrade/submit', u.token, {
        match_id: BTC,
        currency_id: USDT,
        type: 'up',
        seconds: 30,
        number: '100',
      })
    ).message as SecondsOrder
  ).id;
  const lever = (
    await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: BTC,
      legal_id: USDT,
      type: 'long',
      share: '10',
      multiple: 10,
    })
  ).message as LeverPosition;
  settled.lever = lever.id;
  await k.tick('BTC/USDT', '50100', t0 + 20_000);
  await k.call('POST', '/api/lever/close', u.token, { id: lever.id });
  k.clock.now = t0 + 30_000;
  await k.settle();
  await installWatch();
}, 180_000);
afterAll(async () => {
  await k?.t.close();
});

it('the watch sees a write to an outcome column (so an empty log below means something)', async () => {
  await sql`UPDATE seconds_orders SET payout = payout WHERE id = ${settled.seconds}`.execute(k.app.db);
  expect(await writes()).toEqual([]);
  await sql`UPDATE seconds_orders SET payout = payout + 1 WHERE id = ${settled.seconds}`.execute(k.app.db);
  expect(await writes()).toEqual([{ tbl: 'seconds_orders', op: 'UPDATE', cols: 'payout ' }]);
  await sql`UPDATE seconds_orders SET payout = payout - 1 WHERE id = ${settled.seconds}`.execute(k.app.db);
  await sql`DELETE FROM outcome_writes`.execute(k.app.db);
});

it('no back-office route changes a price, a result or a draw', async () => {
  const routes = k.app.routeList.filter(
    (r) => r.url.startsWith('/admin/api/') && r.method !== 'GET' && !/\/(login|logout)$/.test(r.url),
  );
  expect(routes.length).toBeGreaterThan(10); // the walk really walks the back office
  const outcomeFields = Object.fromEntries([...new Set(Object.values(OUTCOME_COLUMNS).flat())].map((c) => [c, '1']));
  const declared = declaredFields();
  expect(declared.length).toBeGreaterThan(20);
  const ids = [settled.seconds, settled.lever, 1];
  let answered = 0;
  for (const r of routes) {
    for (const id of ids) {
      const url = r.url.replace(/:[a-z_]+/gi, String(id));
      const bodies = [
        // every declared field: an id, then a word an action might expect
        { ...Object.fromEntries(declared.map((f) => [f, String(id)])), ...outcomeFields, id, reason: 'override probe' },
        { ...Object.fromEntries(declared.map((f) => [f, 'approve'])), id, order_id: id, reason: 'override probe' },
        {
          id,
          order_id: id,
          user_id: 1,
          item_id: id,
          project_id: id,
          series_id: id,
          reason: 'override probe',
          ...outcomeFields,
        },
        {
          id,
          order_id: id,
          result: 'win',
          close_reason: 'liquidation',
          prize: 'SSR',
          status: 'settled',
          reason: 'override probe',
        },
      ];
      for (const b of bodies) {
        const res = await post(k.app, url, b, { authorization: op, 'x-operator-csrf': '1' });
        if (res.statusCode < 500) answered++;
        else expect.soft(`${r.method} ${url}`).toBe(`no 5xx (${res.statusCode}: ${res.body.slice(0, 200)})`);
      }
    }
  }
  expect(answered).toBeGreaterThan(0);
  expect(await writes()).toEqual([]);
});

it('a settings change applies to new orders only: an open seconds order settles at the rate it was bought at', async () => {
  const u = await k.user('override-rate@example.com');
  await k.fund(u.id, USDT, MICRO, '1000');
  const t0 = k.clock.now;
  await k.tick('BTC/USDT', '50000', t0);
  const o = (
    await k.call('POST', '/api/microtrade/submit', u.token, {
      match_id: BTC,
      currency_id: USDT,
      type: 'up',
      seconds: 30,
      number: '100',
    })
  ).message as SecondsOrder;
  expect(o.profit_ratio).toBe('15');
  await k.app.db.updateTable('seconds_configs').set({ profit_ratio: '0.9' }).where('seconds', '=', 30).execute(); // the operator's new rate
  await k.tick('BTC/USDT', '50001', t0 + 10_000);
  k.clock.now = t0 + 30_000;
  await k.settle();
  expect((await k.call('GET', '/api/microtrade/get_result', u.token, { id: o.id })).message).toMatchObject({
    status: 3,
    result: 'win',
    payout: '115',
    fact_profits: '15',
  });
  await k.app.db.updateTable('seconds_configs').set({ profit_ratio: '0.15' }).where('seconds', '=', 30).execute();
});

it('a settings change applies to new orders only: an open dual order pays the APR it was bought at', async () => {
  const u = await k.user('override-dual@example.com');
  await k.fund(u.id, BTC, PRODUCT, '1');
  const demo = (
    (await k.call('GET', '/api/dual/index', u.token, { currency_id: BTC })).message as DualIndexAnswer
  ).dual_currencys.find((d) => d.demo)!;
  const bought = (await k.call('POST', '/api/dual/buyDual', u.token, { id: demo.id, num: 1 })).message as DualOrder;
  await k.app.db.updateTable('dual_products').set({ apr: '9' }).where('id', '=', demo.id).execute(); // 900 % from now on
  const row = await k.app.db
    .selectFrom('dual_orders')
    .selectAll()
    .where('id', '=', bought.id)
    .executeTakeFirstOrThrow();
  await k.tick('BTC/USDT', String(Number(demo.exercise_price) - 100), row.maturity_at.getTime() - 1000);
  k.clock.now = row.maturity_at.getTime() + 1000;
  await k.app.products.runOnce();
  const done = await k.app.db
    .selectFrom('dual_orders')
    .selectAll()
    .where('id', '=', bought.id)
    .executeTakeFirstOrThrow();
  expect(done.status).toBe('success');
  expect(Number(done.apr)).toBe(Number(row.apr));
  // below the linked price: amount × (1 + days × apr ÷ 365) in the base coin, at the APR bought
  const factor = 1 + (row.days * Number(row.apr)) / 365;
  expect(Number(done.payout_amount)).toBeCloseTo(Number(row.amount) * factor, 8);
});
