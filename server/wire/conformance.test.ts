/**
 * Conformance with the spec's own clients (issue 26, WIRE.md): each row is one call sent the way a
 * family client sends it — form-encoded strings (GET: query), digit codes, the raw token in
 * Authorization, no Bearer — and checks the fields that client reads from the answer. The bad
 * rows send wrong codes, missing fields, huge numbers and non-numeric ids: a clear error, nothing
 * changed, never a 5xx. The socket rows connect as a family client does (emit `login`).
 */
import { sql } from 'kysely';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../core';
import { createKit, type Kit } from '../testing/trading-kit';

const USDT = 4;
let k: Kit;
let alice: { id: number; token: string };
let url: string;

beforeAll(async () => {
  k = await createKit();
  alice = await k.user('family@example.com');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.lever, '10000');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.micro, '1000');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.change, '100000');
  await k.tick('BTC/USDT', '50000');
  await k.tick('ETH/USDT', '3000');
  await k.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = k.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  for (const c of sockets) c.disconnect();
  await k.t.close();
});

type Fields = Record<string, string>;
/** a family client's call: strings only, the raw token, the lang header; POST form / GET query */
async function family(method: 'GET' | 'POST', path: string, fields: Fields, token: string | null = alice.token) {
  const headers: Record<string, string> = { lang: 'en', ...(token ? { authorization: token } : {}) };
  const qs = new URLSearchParams(fields).toString();
  const res =
    method === 'POST'
      ? await k.app.inject({ method, url: `/api/${path}`, payload: qs, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } })
      : await k.app.inject({ method, url: `/api/${path}${qs ? `?${qs}` : ''}`, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { type?: string; message?: unknown } };
}

const num = /^-?\d+(\.\d+)?$/;
type Msg = Record<string, unknown>;
const obj = (v: unknown) => v as Msg;
const arr = (v: unknown) => v as Msg[];

interface Row {
  call: string;
  method: 'GET' | 'POST';
  path: string;
  fields: Fields;
  auth?: boolean;
  /** the fields the client reads, checked on the answer */
  check: (body: Record<string, unknown> & { message?: unknown }) => void;
}

const ok = (b: Record<string, unknown>) => expect(b.type).toBe('ok');

const ROWS: Row[] = [
  {
    call: 'quotation_new: message[0].quotation[] with the row fields',
    method: 'GET', path: 'currency/quotation_new', fields: {}, auth: false,
    check: (b) => {
      ok(b);
      const g = arr(b.message)[0];
      expect(g).toMatchObject({ id: USDT, name: 'USDT' });
      const btc = arr(g.quotation).find((r) => r.currency_name === 'BTC')!;
      expect(btc).toMatchObject({ id: 1, currency_id: 1, legal_id: USDT, legal_name: 'USDT', now_price: '50000', logo: '/h5/coins/BTC.svg', lever_share_num: '0.001', spread: '0' });
      for (const f of ['change', 'volume', 'lever_trade_fee']) expect(String(btc[f])).toMatch(num);
      expect(btc).not.toHaveProperty('last'); // one name per field
    },
  },
  {
    call: 'new_timeshar: {code, msg, data} outside the envelope, seconds in, ms out, family period',
    method: 'GET', path: 'currency/new_timeshar', fields: { symbol: 'BTC/USDT', period: '1D', from: '0', to: String(Math.floor(Date.UTC(2025, 0, 7) / 1000)) }, auth: false,
    check: (b) => {
      expect(b.code).toBe(1);
      expect(typeof b.msg).toBe('string');
      const bar = arr(b.data).at(-1)!;
      expect(bar).toMatchObject({ close: '50000', time: Date.UTC(2025, 0, 6) });
      for (const f of ['open', 'high', 'low', 'volume']) expect(String(bar[f])).toMatch(num);
    },
  },
  {
    call: 'lever/deal: user_lever, multiple.muit/share [{value}], lever_share_limit, last_price, my_transaction',
    method: 'POST', path: 'lever/deal', fields: { currency_id: '1', legal_id: '4' },
    check: (b) => {
      ok(b);
      const m = obj(b.message);
      expect(m).toMatchObject({ user_lever: '10000', last_price: '50000', lever_share_limit: { min: '1', max: '1000' }, my_transaction: [], lever_transaction: { in: [], out: [] } });
      const multiple = m.multiple as { muit: { value: number }[]; share: { value: string }[] };
      expect(multiple.muit.map((x) => x.value)).toContain(10);
      expect(multiple.share[0]).toEqual({ value: '1' });
      for (const f of ['ustd_price', 'ExRAte']) expect(String(m[f])).toMatch(num);
    },
  },
  {
    call: 'lever/submit: type 1 long, status 1 market, target_price placeholder, empty password',
    method: 'POST', path: 'lever/submit', fields: { share: '2', multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '1', target_price: '999', password: '' },
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ status: 'position', side: 'long', price_type: 'market', open_price: '50000', multiple: 10 });
    },
  },
  {
    call: 'lever/submit: type 2 short, status 0 limit at target_price',
    method: 'POST', path: 'lever/submit', fields: { share: '1', multiple: '10', legal_id: '4', currency_id: '1', type: '2', status: '0', target_price: '51000', password: '' },
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ status: 'entrusted', side: 'short', price_type: 'limit', target_price: '51000' });
    },
  },
  {
    call: 'lever/my_trade status 1: rate_profits_total and a paginator of holdings',
    method: 'POST', path: 'lever/my_trade', fields: { currency_id: '1', legal_id: '4', page: '1', status: '1' },
    check: (b) => {
      ok(b);
      const m = obj(b.message);
      expect(obj(m.rate_profits_total)).toHaveProperty('hazard_rate');
      expect(String(obj(m.rate_profits_total).profits_total)).toMatch(num);
      expect(obj(m.message)).toMatchObject({ current_page: 1, last_page: 1, total: 1, per_page: 10 });
      expect(arr(obj(m.message).data)[0]).toMatchObject({ side: 'long', status: 'position' });
    },
  },
  {
    call: 'lever/my_trade status 0: the pending (limit) order',
    method: 'POST', path: 'lever/my_trade', fields: { currency_id: '1', legal_id: '4', page: '1', status: '0' },
    check: (b) => expect(arr(obj(obj(b.message).message).data).map((p) => p.status)).toEqual(['entrusted']),
  },
  {
    call: 'lever/batch_close type 2: shorts only (none open: nothing closed)',
    method: 'POST', path: 'lever/batch_close', fields: { type: '2' },
    check: (b) => expect(b.message).toMatchObject({ closed: 0 }),
  },
  {
    call: 'lever/batch_close type 1: the long closes',
    method: 'POST', path: 'lever/batch_close', fields: { type: '1' },
    check: (b) => expect(b.message).toMatchObject({ closed: 1 }),
  },
  {
    call: 'lever/my_trade status 3: closed history',
    method: 'POST', path: 'lever/my_trade', fields: { currency_id: '1', legal_id: '4', page: '1', status: '3' },
    check: (b) => expect(arr(obj(obj(b.message).message).data).map((p) => p.status)).toEqual(['closed']),
  },
  {
    call: 'microtrade/submit: match_id = quotation row id, type 1 up',
    method: 'POST', path: 'microtrade/submit', fields: { match_id: '1', currency_id: '4', type: '1', seconds: '30', number: '100' },
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ type: 'up', seconds: 30, number: '100', status: 'pending' });
      expect(obj(b.message).id).toBeTypeOf('number');
    },
  },
  {
    call: 'microtrade/lists status 1: a paginator of open orders (GET)',
    method: 'GET', path: 'microtrade/lists', fields: { match_id: '1', status: '1', page: '1', limit: '10' },
    check: (b) => {
      const p = obj(b.message);
      expect(p).toMatchObject({ current_page: 1, last_page: 1, total: 1, per_page: 10 });
      expect(arr(p.data)[0]).toMatchObject({ seconds: 30, number: '100', open_price: '50000', end_price: null, fact_profits: null, handled_at: null, status: 'pending', profit_ratio: expect.stringMatching(num) });
      expect(arr(p.data)[0].remain_milli_seconds).toBeGreaterThan(0);
    },
  },
  {
    call: 'microtrade/lists status 3: history (empty yet)',
    method: 'GET', path: 'microtrade/lists', fields: { match_id: '1', status: '3', page: '1', limit: '10' },
    check: (b) => expect(obj(b.message)).toMatchObject({ data: [], total: 0 }),
  },
  {
    call: 'microtrade/get_result {id}: the order, fact_profits once settled',
    method: 'GET', path: 'microtrade/get_result', fields: { id: '1' },
    check: (b) => expect(b.message).toMatchObject({ id: 1, open_price: '50000', fact_profits: null }),
  },
  {
    call: 'coin/trade type 1 buy with a price only (no market/limit flag)',
    method: 'POST', path: 'coin/trade', fields: { amount: '0.01', target_price: '49000', currency_id: '1', legal_id: '4', type: '1' },
    check: (b) => expect(b.message).toMatchObject({ side: 'buy', kind: 'limit', status: 'open' }),
  },
  {
    call: 'coin/list: a plain array of orders',
    method: 'GET', path: 'coin/list', fields: {},
    check: (b) => expect(arr(b.message).map((o) => o.side)).toEqual(['buy']),
  },
  {
    call: 'user/getTransferFee: {form_price, to_price, fee}',
    method: 'POST', path: 'user/getTransferFee', fields: { from_currency_id: '1', to_currency_id: '4' },
    check: (b) => {
      expect(obj(b.message)).toMatchObject({ form_price: expect.stringMatching(num), to_price: '1', fee: expect.stringMatching(num) });
    },
  },
  {
    call: 'wallet/getRateCurrency {id} is routed (GET)',
    method: 'GET', path: 'wallet/getRateCurrency', fields: { id: '1' },
    check: (b) => {
      ok(b);
      expect(String(obj(b.message).rate)).toMatch(num);
    },
  },
];

describe('the calls of WIRE.md, as a family client sends them', () => {
  it.each(ROWS.map((r) => [r.call, r] as const))('%s', async (_name, row) => {
    const { status, body } = await family(row.method, row.path, row.fields, row.auth === false ? null : alice.token);
    expect(status).toBe(200);
    row.check(body);
  });

  it('a call without the token answers 999 (the client clears the user and goes to login)', async () => {
    const { body } = await family('POST', 'lever/my_trade', { status: '1' }, null);
    expect(body.type).toBe('999');
  });
});

// ───── bad input: a clear error, nothing changed, no 5xx ─────

const HUGE = '9'.repeat(400);
const BAD: [string, 'GET' | 'POST', string, Fields][] = [
  ['lever/submit unknown type', 'POST', 'lever/submit', { share: '1', multiple: '10', legal_id: '4', currency_id: '1', type: '3', status: '1' }],
  ['lever/submit unknown status', 'POST', 'lever/submit', { share: '1', multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '7' }],
  ['lever/submit missing share', 'POST', 'lever/submit', { multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '1' }],
  ['lever/submit huge share', 'POST', 'lever/submit', { share: HUGE, multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '1' }],
  ['lever/submit non-numeric currency_id', 'POST', 'lever/submit', { share: '1', multiple: '10', legal_id: '4', currency_id: 'abc', type: '1', status: '1' }],
  ['lever/my_trade unknown status', 'POST', 'lever/my_trade', { status: '9' }],
  ['lever/batch_close unknown type', 'POST', 'lever/batch_close', { type: '5' }],
  ['lever/close non-numeric id', 'POST', 'lever/close', { id: '1; DROP TABLE' }],
  ['lever/close huge id', 'POST', 'lever/close', { id: HUGE }],
  ['microtrade/submit unknown type', 'POST', 'microtrade/submit', { match_id: '1', currency_id: '4', type: '0', seconds: '30', number: '100' }],
  ['microtrade/submit huge number', 'POST', 'microtrade/submit', { match_id: '1', currency_id: '4', type: '1', seconds: '30', number: HUGE }],
  ['microtrade/submit non-numeric match_id', 'POST', 'microtrade/submit', { match_id: 'x', currency_id: '4', type: '1', seconds: '30', number: '100' }],
  ['microtrade/lists unknown status', 'GET', 'microtrade/lists', { status: 'open' }],
  ['microtrade/get_result non-numeric id', 'GET', 'microtrade/get_result', { id: 'x' }],
  ['coin/trade unknown type', 'POST', 'coin/trade', { amount: '0.01', target_price: '49000', currency_id: '1', legal_id: '4', type: '0' }],
  ['coin/trade huge amount', 'POST', 'coin/trade', { amount: HUGE, currency_id: '1', legal_id: '4', type: '1' }],
  ['coin/trade missing currency_id', 'POST', 'coin/trade', { amount: '0.01', legal_id: '4', type: '1' }],
  ['wallet/out unknown type', 'POST', 'wallet/out', { currency: '4', number: '20', type: '7', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_password: 'x' }],
  ['wallet/getRateCurrency non-numeric id', 'GET', 'wallet/getRateCurrency', { id: 'btc' }],
  ['new_timeshar unknown period', 'GET', 'currency/new_timeshar', { symbol: 'BTC/USDT', period: '2D', from: '0', to: '1' }],
  ['new_timeshar huge from', 'GET', 'currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: HUGE, to: HUGE }],
];

async function counts(): Promise<string> {
  const r = await sql<{ t: string }>`SELECT concat_ws(',', (SELECT count(*) FROM lever_orders), (SELECT count(*) FROM seconds_orders), (SELECT count(*) FROM spot_orders), (SELECT count(*) FROM journal), (SELECT count(*) FROM withdrawals), (SELECT string_agg(available::text || '/' || frozen::text, ';' ORDER BY id) FROM accounts)) AS t`.execute(k.app.db);
  return r.rows[0].t;
}

describe('bad input from a family client', () => {
  it.each(BAD)('%s → a clear error, nothing changed', async (_name, method, path, fields) => {
    const before = await counts();
    const { status, body } = await family(method, path, fields);
    expect(status).toBe(200);
    if (path === 'currency/new_timeshar') expect(body).toEqual({ code: -1, msg: 'Parameter error', data: [] });
    else expect(body).toMatchObject({ type: 'error', message: expect.any(String) });
    expect(String(body.message ?? body.msg)).not.toMatch(/internal|exception|sql/i);
    expect(await counts()).toBe(before);
  });
});

// ───── socket: the family's events ─────

const sockets: ClientSocket[] = [];
async function familySocket(): Promise<ClientSocket> {
  const c = connect(url, { transports: ['websocket'], reconnection: false });
  sockets.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}
const next = <T>(c: ClientSocket, event: string, pred: (p: T) => boolean = () => true, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const on = (p: T) => {
      if (!pred(p)) return;
      clearTimeout(timer);
      c.off(event, on);
      resolve(p);
    };
    c.on(event, on);
  });
const none = async (c: ClientSocket, event: string, ms = 600) => {
  let seen = 0;
  const on = () => seen++;
  c.on(event, on);
  await new Promise((r) => setTimeout(r, ms));
  c.off(event, on);
  return seen;
};

describe('socket, as a family client listens', () => {
  it('login with a user id: daymarket for every pair that moves, with the fields the clients merge', async () => {
    const c = await familySocket();
    expect(await c.timeout(2000).emitWithAck('login', String(alice.id))).toEqual({ ok: true });
    const eth = next<Msg>(c, 'daymarket', (p) => p.symbol === 'ETH/USDT');
    const btc = next<Msg>(c, 'daymarket', (p) => p.symbol === 'BTC/USDT');
    await k.tick('ETH/USDT', '3030');
    await k.tick('BTC/USDT', '50500');
    expect(await eth).toMatchObject({ type: 'daymarket', currency_id: 2, legal_id: USDT, currency_name: 'ETH', legal_name: 'USDT', now_price: '3030', close: '3030' });
    const b = await btc;
    for (const f of ['open', 'high', 'low', 'volume', 'change']) expect(String(b[f])).toMatch(num);
  });

  it('watch {symbol, period}: market_depth (≤5 levels a side, [price, qty]) and the open kline for that pair and period only', async () => {
    const c = await familySocket();
    await c.timeout(2000).emitWithAck('login', '');
    const depth = next<Msg>(c, 'market_depth');
    const kl = next<Msg>(c, 'kline');
    expect(await c.timeout(2000).emitWithAck('watch', { symbol: 'BTC/USDT', period: '1min' })).toEqual({ ok: true });
    const d = await depth;
    expect(d).toMatchObject({ type: 'market_depth', currency_id: 1, legal_id: USDT, currency_name: 'BTC', legal_name: 'USDT' });
    for (const side of ['bids', 'asks']) {
      expect(arr(d[side]).length).toBeLessThanOrEqual(5);
      for (const l of d[side] as unknown as string[][]) expect(l).toEqual([expect.stringMatching(num), expect.stringMatching(num)]);
    }
    expect(await kl).toMatchObject({ type: 'kline', symbol: 'BTC/USDT', period: '1min', currency_name: 'BTC', legal_name: 'USDT', close: expect.stringMatching(num) });
    const live = next<Msg>(c, 'kline', (p) => p.close === '50600');
    await k.tick('BTC/USDT', '50600');
    expect(await live).toMatchObject({ symbol: 'BTC/USDT', period: '1min', time: expect.any(Number) });
    // another pair's candles do not come
    const eth = next<Msg>(c, 'kline', (p) => p.symbol === 'ETH/USDT', 800).then(() => 'came', () => 'none');
    await k.tick('ETH/USDT', '3050');
    expect(await eth).toBe('none');
    expect(await c.timeout(2000).emitWithAck('watch', { symbol: 'NOPE/USDT' })).toEqual({ ok: false, error: 'param_error' });
  });

  it('private events need the token: a bare user id gets none, the token gets lever_trade and lever_closed', async () => {
    const byId = await familySocket();
    await byId.timeout(2000).emitWithAck('login', String(alice.id));
    const byToken = await familySocket();
    expect(await byToken.timeout(2000).emitWithAck('login', alice.token)).toEqual({ ok: true });
    const idSaw = none(byId, 'lever_trade', 1500);
    const trade = next<Msg>(byToken, 'lever_trade');
    const closed = next<Msg>(byToken, 'lever_closed');
    const p = await family('POST', 'lever/submit', { share: '1', multiple: '10', legal_id: '4', currency_id: '2', type: '1', status: '1', target_price: '999', password: '', target_profit_price: '3100' });
    const id = obj(p.body.message).id as number;
    const t = await trade;
    expect(t.type).toBe('lever_trade');
    expect(JSON.parse(t['trades_ETH/USDT'] as string)[0]).toMatchObject({ id, status: 'position' });
    await k.tick('ETH/USDT', '3100'); // its take-profit closes it: the system closed it
    expect(await closed).toEqual({ type: 'lever_closed', id: [id] });
    expect(await idSaw).toBe(0);
    expect(await byToken.timeout(2000).emitWithAck('login', 'not-a-session-token-xxxxxxxxxxxxxxxxxxxxxxxxx')).toEqual({ ok: false, error: 'session_invalid' });
  });

  it('our own channels are untouched: a family client gets no `tickers`, our subscriber gets no `daymarket`', async () => {
    const fam = await familySocket();
    await fam.timeout(2000).emitWithAck('login', '1');
    const ours = await familySocket();
    await ours.timeout(2000).emitWithAck('subscribe', { channels: ['tickers'] });
    const famTickers = none(fam, 'tickers', 800);
    const oursDay = none(ours, 'daymarket', 800);
    await k.tick('BTC/USDT', '50700');
    expect(await famTickers).toBe(0);
    expect(await oursDay).toBe(0);
  });
});
