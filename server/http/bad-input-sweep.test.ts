/**
 * input PostgreSQL cannot take (NUL, int4 overflow, numbers beyond NUMERIC(36,18),
 * huge strings) and unique races answer a business error in words, change nothing, never a 5xx.
 * The named cases come from the security probe; the sweep sends every registered route a NUL
 * and an overflow in every field name the route modules declare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { envelope, get, post, type TestApp } from '../testing/app';
import { translate } from '../i18n/messages';
import { auth, call, closeKit, kit, operator, user, type TestUser } from '../testing/funds-kit';

let t: TestApp;
let op: string;
let alice: TestUser;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
  alice = await user(t, { level: 1, mobile: true, payPassword: 'paypass123' });
  await call(t, 'POST', '/admin/api/users/adjust', op, {
    user_id: alice.id,
    currency_id: 4,
    type: 2,
    amount: '1000',
    reason: 'test funding',
  });
});
afterAll(() => closeKit(t));

const NUL = 'a\u0000b';
const INT_OVER = '2147483648';
const HUGE_NUM = '99999999999999999999';
const HUGE_STR = 'x'.repeat(20_000);

/** Everything a refused request must leave alone. */
async function snapshot(): Promise<string> {
  const tables = [
    'users',
    'accounts',
    'journal',
    'withdrawals',
    'user_wallets',
    'bank_cards',
    'coupons',
    'copy_traders',
    'ieo_projects',
    'currencies',
    'operator_log',
    'settings',
  ];
  const parts: string[] = [];
  for (const tb of tables) {
    const r = await sql<{
      n: string;
    }>`SELECT count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS n FROM ${sql.table(tb)} x`
      .execute(t.app.db)
      .catch(() => ({ rows: [{ n: 'absent' }] }));
    parts.push(`${tb}=${r.rows[0].n}`);
  }
  return parts.join(' ');
}

type Case = [
  label: string,
  method: 'GET' | 'POST',
  url: string,
  who: 'user' | 'op',
  fields: Record<string, string | number>,
];
const addr = { currency: 4, name: 'Mine', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
const bank = {
  real_name: 'Alice',
  bank_account: '6222020200112233445',
  bank_name: 'ICBC',
  bank_network: 'HQ',
  bank_dizhi: 'Beijing',
  phone: '13900000000',
};
const out = {
  currency: 4,
  number: '20',
  type: 'address',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  pay_password: 'paypass123',
};

const CASES: Case[] = [
  ['NUL in a bank field', 'POST', '/api/user/cash_save', 'user', { ...bank, bank_name: NUL }],
  [
    'NUL in an international bank field',
    'POST',
    '/api/user/cash_save_international',
    'user',
    { ...bank, swift_code: NUL, aba_number: '1', address: 'x' },
  ],
  ['NUL in a wallet address name', 'POST', '/api/user/wallet/save', 'user', { ...addr, name: NUL }],
  ['NUL in a withdrawal remark', 'POST', '/api/wallet/out', 'user', { ...out, remark: NUL }],
  ['NUL in a nickname', 'POST', '/api/user/editNickname', 'user', { nickname: NUL }],
  ['currency overflow on /user/bill', 'GET', '/api/user/bill', 'user', { currency: INT_OVER }],
  ['currency overflow on /wallet/legal_log', 'POST', '/api/wallet/legal_log', 'user', { currency: INT_OVER }],
  ['currency overflow on /dual/index', 'GET', '/api/dual/index', 'user', { currency_id: INT_OVER }],
  ['address id overflow on a withdrawal', 'POST', '/api/wallet/out', 'user', { ...out, address_id: INT_OVER }],
  ['huge amount on a withdrawal', 'POST', '/api/wallet/out', 'user', { ...out, number: HUGE_NUM }],
  ['huge string in a bank field', 'POST', '/api/user/cash_save', 'user', { ...bank, bank_dizhi: HUGE_STR }],
  ['NUL in a follow application', 'POST', '/api/follow/apply', 'user', { nickname: 'Trader', introduction: NUL }],
  [
    'coupon for a missing user',
    'POST',
    '/admin/api/coupons/grant',
    'op',
    { user_id: 2_000_000_000, title: 'Gift', currency_id: 4, amount: '5', reason: 'probe' },
  ],
  [
    'coupon user id overflow',
    'POST',
    '/admin/api/coupons/grant',
    'op',
    { user_id: INT_OVER, title: 'Gift', currency_id: 4, amount: '5', reason: 'probe' },
  ],
  [
    'NUL in a coupon title',
    'POST',
    '/admin/api/coupons/grant',
    'op',
    { user_id: 1, title: NUL, currency_id: 4, amount: '5', reason: 'probe' },
  ],
  [
    'NUL in an operator reason',
    'POST',
    '/admin/api/users/adjust',
    'op',
    { user_id: 1, currency_id: 4, type: 2, amount: '5', reason: NUL },
  ],
  [
    'huge adjust amount',
    'POST',
    '/admin/api/users/adjust',
    'op',
    { user_id: 1, currency_id: 4, type: 2, amount: HUGE_NUM, reason: 'probe' },
  ],
  [
    'NUL in a deposit address',
    'POST',
    '/admin/api/settings/deposit-network',
    'op',
    { currency_id: 4, network: 'TRC20', address: NUL, min_deposit: '1', reason: 'probe' },
  ],
  [
    'a 30-decimal minimum deposit',
    'POST',
    '/admin/api/settings/deposit-network',
    'op',
    { currency_id: 4, network: 'TRC20', address: '', min_deposit: '1.000000000000000000000000000001', reason: 'probe' },
  ],
  [
    'currency id overflow in settings',
    'POST',
    '/admin/api/settings/currency',
    'op',
    { currency_id: INT_OVER, withdraw_min: '1', withdraw_fee: '1', reason: 'probe' },
  ],
  ['user search with NUL', 'GET', '/admin/api/users', 'op', { q: NUL }],
  ['user detail id overflow', 'GET', '/admin/api/users/detail', 'op', { user_id: INT_OVER }],
  [
    'NUL in an IEO project name',
    'POST',
    '/admin/api/ieo/projects',
    'op',
    { name: NUL, symbol: 'NULX', issue_price: '1', total_issuance: '10', start_at: 1, end_at: 2, listing_at: 3 },
  ],
  [
    'IEO pay currency overflow',
    'POST',
    '/admin/api/ieo/projects',
    'op',
    {
      name: 'P',
      symbol: 'OVFX',
      issue_price: '1',
      total_issuance: '10',
      pay_currency_ids: INT_OVER,
      start_at: Date.now(),
      end_at: Date.now() + 1e6,
      listing_at: Date.now() + 2e6,
    },
  ],
  ['copy-trade review user overflow', 'POST', '/admin/api/copytrade/review', 'op', { user_id: INT_OVER, approve: '1' }],
];

async function send(method: 'GET' | 'POST', url: string, token: string, fields: Record<string, string | number>) {
  if (method === 'GET')
    return get(
      t.app,
      `${url}?${new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]))}`,
      auth(token),
    );
  return post(t.app, url, fields, auth(token));
}

describe('input PostgreSQL cannot take is refused in words and changes nothing', () => {
  it.each(CASES)('%s', async (_label, method, url, who, fields) => {
    const before = await snapshot();
    const res = await send(method, url, who === 'op' ? op : alice.token, fields);
    expect(res.statusCode, res.body).toBeLessThan(500);
    const env = envelope(res);
    expect(env.type, res.body).toBe('error');
    expect(env.message).not.toMatch(/server error/i);
    expect(await snapshot()).toBe(before);
  });

  it('answers in the caller’s language', async () => {
    const res = await post(
      t.app,
      '/api/user/cash_save',
      { ...bank, bank_name: NUL },
      { ...auth(alice.token), lang: 'zh' },
    );
    expect(envelope(res).message).toBe('参数错误');
  });
});

describe('unique races answer a business error', () => {
  it('two concurrent /follow/apply: one applies, the other is told so', async () => {
    const u = await user(t);
    const res = await Promise.all(
      [0, 1].map(() => post(t.app, '/api/follow/apply', { nickname: 'Racer', introduction: 'hi' }, auth(u.token))),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    const types = res.map((r) => envelope(r).type).sort();
    expect(types).toEqual(['error', 'ok']);
    const err = res.map(envelope).find((e) => e.type === 'error');
    expect(err?.message).toBe(translate('copy_apply_pending', 'en'));
  });

  it('two concurrent IEO creations: both land, each with its token (a second round of a symbol reuses it), no 5xx', async () => {
    const now = Date.now();
    const body = (symbol: string) => ({
      name: `Race ${symbol}`,
      symbol,
      issue_price: '0.5',
      total_issuance: '1000',
      min_amount: '1',
      start_at: now - 1000,
      end_at: now + 3_600_000,
      listing_at: now + 7_200_000,
      reason: 'test',
    });
    for (const pair of [
      ['RACEA', 'RACEB'],
      ['RACEC', 'RACEC'],
    ]) {
      const res = await Promise.all(pair.map((s) => post(t.app, '/admin/api/ieo/projects', body(s), auth(op))));
      expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(
        res.map((r) => envelope(r).type),
        res.map((r) => r.body).join(),
      ).toEqual(['ok', 'ok']);
    }
    const tokens = await t.app.db
      .selectFrom('ieo_projects')
      .select(['symbol', 'token_currency_id'])
      .where('symbol', 'like', 'RACE%')
      .orderBy('id')
      .execute();
    const ids = new Map(tokens.map((p) => [p.symbol, p.token_currency_id]));
    expect(tokens).toHaveLength(4);
    expect(new Set(ids.values()).size).toBe(3);
  });
});

/** Field names the route modules declare (`name: z…` and friends), read from their source. */
function declaredFields(): string[] {
  const roots = [
    'server/areas/trade/routes.ts',
    'server/areas/trade/wire.ts',
    'server/areas/funds/routes',
    'server/areas/kyc/routes.ts',
    'server/areas/security/routes.ts',
    'server/areas/accounts/profile-routes.ts',
    'server/areas/accounts/file-routes.ts',
    'server/admin/routes.ts',
  ];
  const files: string[] = [];
  const walk = (p: string) => {
    if (fs.statSync(p).isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) files.push(p);
  };
  for (const r of roots) walk(r);
  const names = new Set<string>();
  for (const f of files)
    for (const m of fs
      .readFileSync(f, 'utf8')
      .matchAll(
        /\b([a-z][a-z0-9_]*)\s*:\s*(?:z\.|id\b|idField|optionalId|optText|text|req\b|code6|decimal|amount|password|raw|time|ids|url|reason|requiredReason|page|limit)/g,
      ))
      names.add(m[1]);
  for (const k of ['currency', 'currency_id', 'user_id', 'id', 'nickname', 'name', 'remark', 'q']) names.add(k);
  return [...names].sort();
}

describe('every registered route', () => {
  it('answers a NUL, an int overflow, a huge number and a huge string in every declared field without a 5xx', async () => {
    const fields = declaredFields();
    expect(fields.length).toBeGreaterThan(40);
    const routes = t.app.routeList.filter(
      (r) =>
        (r.url.startsWith('/api/') || r.url.startsWith('/admin/api/')) &&
        !/logout|\/upload|:/.test(r.url) &&
        (r.method === 'GET' || r.method === 'POST'),
    );
    expect(routes.length).toBeGreaterThan(100);
    const faults: string[] = [];
    const user2 = await user(t, { level: 1, mobile: true, payPassword: 'paypass123' });
    for (const value of [NUL, INT_OVER, HUGE_NUM, '-' + INT_OVER, 'x'.repeat(2000)]) {
      const body = Object.fromEntries(fields.map((f) => [f, value]));
      for (const r of routes) {
        const token = r.url.startsWith('/admin/') ? op : user2.token;
        const res = await send(r.method as 'GET' | 'POST', r.url, token, body);
        if (res.statusCode >= 500)
          faults.push(`${r.method} ${r.url} ${JSON.stringify(value.slice(0, 12))}: ${res.statusCode}`);
      }
    }
    expect(faults).toEqual([]);
    // five values × every route, one request at a time: its length follows the route count and the
    // machine's load (past 30 s at load 11), while what it checks is only that no answer is a 5xx
  }, 180_000);
});
