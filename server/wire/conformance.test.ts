/**
 * Conformance with the spec's own clients (WIRE.md): each row is one call sent the way a
 * family client sends it — form-encoded strings (GET: query), digit codes, the raw token in
 * Authorization, no Bearer — and checks the fields that client reads from the answer. The bad
 * rows send wrong codes, missing fields, huge numbers and non-numeric ids: a clear error, nothing
 * changed, never a 5xx. The socket rows connect as a family client does (emit `login`).
 */
import { sql } from 'kysely';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../core';
import { createOperator } from '../auth/operators';
import { createArtist, createCollection, createItem, createSeries } from '../areas/nft/domain';
import { loginOperator } from '../testing/app';
import { createKit } from '../testing/trade-kit';
import { ACCOUNT_ROWS } from './rows/account.fixture';
import { FUNDS_ROWS } from './rows/funds.fixture';
import { NFT_ROWS } from './rows/nft.fixture';
import { PRODUCTS_ROWS } from './rows/products.fixture';
import { arr, family, num, obj, USDT, w, type Fields, type Msg, type Row } from './rows/shared.fixture';
import { TRADE_ROWS } from './rows/trade.fixture';

let url: string;

/** a copy trader as the back office makes one: applied, approved by an operator */
async function approvedTrader() {
  const { k } = w;
  const trader = await k.user('family-trader@example.com');
  await k.fund(trader.id, USDT, ACCOUNT_TYPES.lever, '10000');
  await createOperator(k.app.db, 'ops.family', 'operator-password-1');
  const op = await loginOperator(k.app, 'ops.family', 'operator-password-1');
  expect(
    (await family('POST', 'follow/apply', { nickname: 'Family Trader', introduction: 'BTC, patient' }, trader.token))
      .body.type,
  ).toBe('ok');
  const review = await k.app.inject({
    method: 'POST',
    url: '/admin/api/traders/review',
    payload: `user_id=${trader.id}&approve=1`,
    headers: { authorization: `Bearer ${op}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(review.json()).toMatchObject({ type: 'ok' });
  return trader;
}

/** one fixed-price artwork on sale now, for the /bind_box rows */
async function nftOnSale() {
  const db = w.k.app.db;
  const creator = await w.k.user('family-artist@example.com');
  const artistId = await createArtist(db, { name: 'Family Artist', userId: creator.id });
  const collectionId = await createCollection(db, artistId, 'Family');
  const now = Date.now();
  const code = 'FAM-1';
  const id = await createItem(db, {
    code,
    collectionId,
    artistId,
    title: 'Family One',
    currencyId: USDT,
    price: '100',
    payType: 1,
    startMs: now - 60_000,
    endMs: now + 3_600_000,
  });
  const box = await createSeries(db, {
    code: 'FAM-BOX',
    collectionId,
    artistId,
    title: 'Family Box',
    currencyId: USDT,
    price: '10',
    startMs: now - 60_000,
    endMs: now + 3_600_000,
    manifest: [
      { prize: 'SR:Gold', count: 1 },
      { prize: 'N:Tin', count: 2 },
    ],
  });
  return { nft: { code, id }, nftBox: { code: 'FAM-BOX', id: box.itemId } };
}

beforeAll(async () => {
  w.k = await createKit();
  const { k } = w;
  w.alice = await k.user('family@example.com');
  await k.fund(w.alice.id, USDT, ACCOUNT_TYPES.lever, '10000');
  await k.fund(w.alice.id, USDT, ACCOUNT_TYPES.micro, '1000');
  await k.fund(w.alice.id, USDT, ACCOUNT_TYPES.change, '100000');
  await k.tick('BTC/USDT', '50000');
  await k.tick('ETH/USDT', '3000');
  w.trader = await approvedTrader();
  ({ nft: w.nft, nftBox: w.nftBox } = await nftOnSale());
  await k.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = k.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  for (const c of sockets) c.disconnect();
  await w.k.t.close();
});

/**
 * The one table: every area's rows in order (a row may name what an earlier one made). The rows
 * live beside this file by area (rows/*.ts); this file sets up their world and runs them.
 */
const ROWS: Row[] = [...TRADE_ROWS, ...FUNDS_ROWS, ...ACCOUNT_ROWS, ...PRODUCTS_ROWS, ...NFT_ROWS];

describe('the calls of WIRE.md, as a family client sends them', () => {
  it.each(ROWS.map((r) => [r.call, r] as const))('%s', async (_name, row) => {
    await row.before?.();
    const fields = typeof row.fields === 'function' ? row.fields() : row.fields;
    const token = row.auth === false ? null : (row.auth?.() ?? w.alice).token;
    const { status, body } = await family(row.method, row.path, fields, token);
    expect(status).toBe(200);
    await row.check(body);
  });

  it('a call without the token answers 999 (the client clears the user and goes to login)', async () => {
    const { body } = await family('POST', 'lever/my_trade', { status: '1' }, null);
    expect(body.type).toBe('999');
  });
});

// ───── bad input: a clear error, nothing changed, no 5xx ─────

const HUGE = '9'.repeat(400);
const BAD: [string, 'GET' | 'POST', string, Fields][] = [
  [
    'lever/submit unknown type',
    'POST',
    'lever/submit',
    { share: '1', multiple: '10', legal_id: '4', currency_id: '1', type: '3', status: '1' },
  ],
  [
    'lever/submit unknown status',
    'POST',
    'lever/submit',
    { share: '1', multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '7' },
  ],
  [
    'lever/submit missing share',
    'POST',
    'lever/submit',
    { multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '1' },
  ],
  [
    'lever/submit huge share',
    'POST',
    'lever/submit',
    { share: HUGE, multiple: '10', legal_id: '4', currency_id: '1', type: '1', status: '1' },
  ],
  [
    'lever/submit non-numeric currency_id',
    'POST',
    'lever/submit',
    { share: '1', multiple: '10', legal_id: '4', currency_id: 'abc', type: '1', status: '1' },
  ],
  ['lever/my_trade unknown status', 'POST', 'lever/my_trade', { status: '9' }],
  ['lever/batch_close unknown type', 'POST', 'lever/batch_close', { type: '5' }],
  ['lever/close non-numeric id', 'POST', 'lever/close', { id: '1; DROP TABLE' }],
  ['lever/close huge id', 'POST', 'lever/close', { id: HUGE }],
  [
    'microtrade/submit unknown type',
    'POST',
    'microtrade/submit',
    { match_id: '1', currency_id: '4', type: '0', seconds: '30', number: '100' },
  ],
  [
    'microtrade/submit huge number',
    'POST',
    'microtrade/submit',
    { match_id: '1', currency_id: '4', type: '1', seconds: '30', number: HUGE },
  ],
  [
    'microtrade/submit non-numeric match_id',
    'POST',
    'microtrade/submit',
    { match_id: 'x', currency_id: '4', type: '1', seconds: '30', number: '100' },
  ],
  ['microtrade/lists unknown status', 'GET', 'microtrade/lists', { status: 'open' }],
  ['microtrade/get_result non-numeric id', 'GET', 'microtrade/get_result', { id: 'x' }],
  [
    'coin/trade unknown type',
    'POST',
    'coin/trade',
    { amount: '0.01', target_price: '49000', currency_id: '1', legal_id: '4', type: '0' },
  ],
  ['coin/trade huge amount', 'POST', 'coin/trade', { amount: HUGE, currency_id: '1', legal_id: '4', type: '1' }],
  ['coin/trade missing currency_id', 'POST', 'coin/trade', { amount: '0.01', legal_id: '4', type: '1' }],
  [
    'wallet/out unknown type',
    'POST',
    'wallet/out',
    { currency: '4', number: '20', type: '7', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_password: 'x' },
  ],
  ['wallet/getRateCurrency non-numeric id', 'GET', 'wallet/getRateCurrency', { id: 'btc' }],
  [
    'wallet/change unknown account name',
    'POST',
    'wallet/change',
    { currency_id: '4', number: '10', from_field: 'bank', to_field: 'lever' },
  ],
  [
    'wallet/change huge number',
    'POST',
    'wallet/change',
    { currency_id: '4', number: HUGE, from_field: 'change', to_field: 'lever' },
  ],
  ['wallet/detail non-numeric currency', 'POST', 'wallet/detail', { currency: 'usdt', type: 'change' }],
  ['user/Transfer missing to_currency_id', 'POST', 'user/Transfer', { number: '10', from_currency_id: '4' }],
  ['optional/del non-numeric id', 'POST', 'optional/del', { id: 'abc' }],
  ['lh/deposit/config unknown kind', 'GET', 'lh/deposit/config', { kind: 'gold' }],
  [
    'new_timeshar unknown period',
    'GET',
    'currency/new_timeshar',
    { symbol: 'BTC/USDT', period: '2D', from: '0', to: '1' },
  ],
  [
    'new_timeshar huge from',
    'GET',
    'currency/new_timeshar',
    { symbol: 'BTC/USDT', period: '1min', from: HUGE, to: HUGE },
  ],
  [
    'lever/setstop non-numeric price',
    'POST',
    'lever/setstop',
    { id: '1', target_profit_price: 'abc', stop_loss_price: '' },
  ],
  ['lever/setstop non-numeric id', 'POST', 'lever/setstop', { id: 'x', target_profit_price: '', stop_loss_price: '' }],
  ['follow/follow unknown type', 'POST', 'follow/follow', { trader_user_id: '1', number: '1', type: '3' }],
  ['follow/follow huge number', 'POST', 'follow/follow', { trader_user_id: '1', number: HUGE, type: '2' }],
  ['follow/cancel non-numeric follow_user_id', 'POST', 'follow/cancel', { follow_user_id: 'me' }],
  ['follow/selfHolding huge transaction_id', 'POST', 'follow/selfHolding', { transaction_id: HUGE }],
  ['dual/index unknown type', 'GET', 'dual/index', { currency_id: '1', type: 'straddle' }],
  ['dual/buyDual huge num', 'POST', 'dual/buyDual', { id: '1', num: HUGE }],
  ['dual/buyDual non-numeric id', 'POST', 'dual/buyDual', { id: 'one', num: '1' }],
  ['dual/dual_list unknown status', 'POST', 'dual/dual_list', { status: '7' }],
  ['project/detail non-numeric project_id', 'GET', 'project/detail', { project_id: 'x' }],
  ['user/real unknown id_type', 'POST', 'user/real', { real_type: '1', id_type: '9', name: 'Li Hua', card_id: 'E1' }],
  [
    'user/register missing code',
    'POST',
    'user/register',
    { user_string: 'nobody@example.com', password: 'Family2024x', re_password: 'Family2024x', invitecode: '' },
  ],
  ['user/login missing password', 'POST', 'user/login', { user_string: 'family@example.com' }],
  ['bind_box/getBoxList unknown pay_type', 'GET', 'bind_box/getBoxList', { pay_type: '4' }],
  ['bind_box/buyNFT unknown code', 'POST', 'bind_box/buyNFT', { code: 'NOPE-404' }],
  ['bind_box/auctionNFT huge price', 'POST', 'bind_box/auctionNFT', { code: 'FAM-1', price: HUGE }],
];

async function counts(): Promise<string> {
  const r = await sql<{
    t: string;
  }>`SELECT concat_ws(',', (SELECT count(*) FROM lever_orders), (SELECT count(*) FROM seconds_orders), (SELECT count(*) FROM spot_orders), (SELECT count(*) FROM journal), (SELECT count(*) FROM withdrawals), (SELECT count(*) FROM dual_orders), (SELECT count(*) FROM copy_follows), (SELECT count(*) FROM nft_orders), (SELECT count(*) FROM kyc_submissions), (SELECT count(*) FROM users), (SELECT string_agg(available::text || '/' || frozen::text, ';' ORDER BY id) FROM accounts)) AS t`.execute(
    w.k.app.db,
  );
  return r.rows[0].t;
}

describe('bad input from a family client', () => {
  it.each(BAD)('%s → a clear error, nothing changed', async (_name, method, path, fields) => {
    const before = await counts();
    const { status, body } = await family(method, path, fields, w.alice.token);
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
    expect(await c.timeout(2000).emitWithAck('login', String(w.alice.id))).toEqual({ ok: true });
    const eth = next<Msg>(c, 'daymarket', (p) => p.symbol === 'ETH/USDT');
    const btc = next<Msg>(c, 'daymarket', (p) => p.symbol === 'BTC/USDT');
    await w.k.tick('ETH/USDT', '3030');
    await w.k.tick('BTC/USDT', '50500');
    expect(await eth).toMatchObject({
      type: 'daymarket',
      currency_id: 2,
      legal_id: USDT,
      currency_name: 'ETH',
      legal_name: 'USDT',
      now_price: '3030',
      close: '3030',
    });
    const b = await btc;
    for (const f of ['open', 'high', 'low', 'volume', 'change']) expect(String(b[f])).toMatch(num);
  });

  it('watch {symbol, period}: market_depth (≤5 levels a side, [price, qty]) and the open kline for that pair and period only', async () => {
    const c = await familySocket();
    await c.timeout(2000).emitWithAck('login', '');
    // (a socket that logged in is in the pair rooms until it watches: its events name their pair)
    const depth = next<Msg>(c, 'market_depth', (p) => p.symbol === 'BTC/USDT');
    const kl = next<Msg>(c, 'kline', (p) => p.symbol === 'BTC/USDT');
    expect(await c.timeout(2000).emitWithAck('watch', { symbol: 'BTC/USDT', period: '1min' })).toEqual({ ok: true });
    const d = await depth;
    expect(d).toMatchObject({
      type: 'market_depth',
      currency_id: 1,
      legal_id: USDT,
      currency_name: 'BTC',
      legal_name: 'USDT',
    });
    for (const side of ['bids', 'asks']) {
      expect(arr(d[side]).length).toBeLessThanOrEqual(5);
      for (const l of d[side] as unknown as string[][])
        expect(l).toEqual([expect.stringMatching(num), expect.stringMatching(num)]);
    }
    expect(await kl).toMatchObject({
      type: 'kline',
      symbol: 'BTC/USDT',
      period: '1min',
      currency_name: 'BTC',
      legal_name: 'USDT',
      close: expect.stringMatching(num),
    });
    const live = next<Msg>(c, 'kline', (p) => p.close === '50600');
    await w.k.tick('BTC/USDT', '50600');
    expect(await live).toMatchObject({ symbol: 'BTC/USDT', period: '1min', time: expect.any(Number) });
    // another pair's candles do not come
    const eth = next<Msg>(c, 'kline', (p) => p.symbol === 'ETH/USDT', 800).then(
      () => 'came',
      () => 'none',
    );
    await w.k.tick('ETH/USDT', '3050');
    expect(await eth).toBe('none');
    expect(await c.timeout(2000).emitWithAck('watch', { symbol: 'NOPE/USDT' })).toEqual({
      ok: false,
      error: 'param_error',
    });
  });

  it('watch {symbol}: match_trade {symbol, …, data: [{id, price, amount, direction, ts}]}, the recent trades of that pair only, from our trades channel', async () => {
    const c = await familySocket();
    await c.timeout(2000).emitWithAck('login', '');
    expect(await c.timeout(2000).emitWithAck('watch', { symbol: 'BTC/USDT', period: '1min' })).toEqual({ ok: true });
    const trade = next<Msg>(c, 'match_trade', (p) => arr(p.data).some((t) => t.price === '50650'));
    const eth = next<Msg>(c, 'match_trade', (p) => p.symbol === 'ETH/USDT', 800).then(
      () => 'came',
      () => 'none',
    );
    await w.k.tick('BTC/USDT', '50650');
    await w.k.tick('ETH/USDT', '3060');
    const m = await trade;
    expect(m).toMatchObject({
      type: 'match_trade',
      symbol: 'BTC/USDT',
      currency_id: 1,
      legal_id: USDT,
      currency_name: 'BTC',
      legal_name: 'USDT',
    });
    // the rows one client reads (`tradeListRev`: ts, direction, price, amount), our old names gone
    const row = arr(m.data).find((t) => t.price === '50650')!;
    expect(row).toMatchObject({
      id: expect.any(Number),
      amount: expect.stringMatching(num),
      direction: expect.stringMatching(/^(buy|sell)$/),
      ts: expect.any(Number),
    });
    for (const f of ['qty', 'side', 'time']) expect(row).not.toHaveProperty(f);
    expect(m).not.toHaveProperty('trades');
    expect(await eth).toBe('none');
  });

  it('private events need the token: a bare user id gets none, the token gets lever_trade and lever_closed', async () => {
    const byId = await familySocket();
    await byId.timeout(2000).emitWithAck('login', String(w.alice.id));
    const byToken = await familySocket();
    expect(await byToken.timeout(2000).emitWithAck('login', w.alice.token)).toEqual({ ok: true });
    const idSaw = none(byId, 'lever_trade', 1500);
    const trade = next<Msg>(byToken, 'lever_trade');
    const closed = next<Msg>(byToken, 'lever_closed');
    const p = await family(
      'POST',
      'lever/submit',
      {
        share: '1',
        multiple: '10',
        legal_id: '4',
        currency_id: '2',
        type: '1',
        status: '1',
        target_price: '999',
        password: '',
        target_profit_price: '3100',
      },
      w.alice.token,
    );
    const id = obj(p.body.message).id as number;
    const t = await trade;
    expect(t.type).toBe('lever_trade');
    expect(JSON.parse(t['trades_ETH/USDT'] as string)[0]).toMatchObject({ id, status: 1, type: 1, share: '1' });
    await w.k.tick('ETH/USDT', '3100'); // its take-profit closes it: the system closed it
    expect(await closed).toEqual({ type: 'lever_closed', id: [id] });
    expect(await idSaw).toBe(0);
    expect(await byToken.timeout(2000).emitWithAck('login', 'not-a-session-token-xxxxxxxxxxxxxxxxxxxxxxxxx')).toEqual({
      ok: false,
      error: 'session_invalid',
    });
  });

  it('our own channels are untouched: a family client gets no `tickers`, our subscriber gets no `daymarket`', async () => {
    const fam = await familySocket();
    await fam.timeout(2000).emitWithAck('login', '1');
    const ours = await familySocket();
    await ours.timeout(2000).emitWithAck('subscribe', { channels: ['tickers'] });
    const famTickers = none(fam, 'tickers', 800);
    const oursDay = none(ours, 'daymarket', 800);
    await w.k.tick('BTC/USDT', '50700');
    expect(await famTickers).toBe(0);
    expect(await oursDay).toBe(0);
  });
});

// ───── socket: a family client that never watches ─────

/** eight levels a side around `mid`, the quantities shifted by `v` (a new book each call) */
const ladder = (mid: number, v: number): { bids: [string, string][]; asks: [string, string][] } => ({
  bids: Array.from({ length: 8 }, (_, i): [string, string] => [String(mid - 10 * (i + 1)), String(1 + i + v)]),
  asks: Array.from({ length: 8 }, (_, i): [string, string] => [String(mid + 10 * (i + 1)), String(2 + i + v)]),
});
/** the five best levels a side the family reads: `[price, qty]` digit strings, best first */
function expectFiveLevels(d: Msg, mid: number): void {
  expect(d).toMatchObject({
    type: 'market_depth',
    symbol: 'BTC/USDT',
    currency_id: 1,
    legal_id: USDT,
    currency_name: 'BTC',
    legal_name: 'USDT',
  });
  const bids = d.bids as unknown as string[][];
  const asks = d.asks as unknown as string[][];
  expect(bids).toHaveLength(5);
  expect(asks).toHaveLength(5);
  for (const l of [...bids, ...asks]) expect(l).toEqual([expect.stringMatching(num), expect.stringMatching(num)]);
  expect(bids.map((l) => Number(l[0]))).toEqual([1, 2, 3, 4, 5].map((i) => mid - 10 * i));
  expect(asks.map((l) => Number(l[0]))).toEqual([1, 2, 3, 4, 5].map((i) => mid + 10 * i));
}

describe('socket, a family client that logs in and never watches (as the clients do)', () => {
  it('gets market_depth (5 levels a side) and the 1min kline of BTC/USDT within 2 s, with no watch', async () => {
    w.k.feed.setBook('BTC/USDT', ladder(50_700, 0));
    const c = await familySocket();
    const depth = next<Msg>(c, 'market_depth', (p) => p.symbol === 'BTC/USDT', 2000);
    const kl = next<Msg>(c, 'kline', (p) => p.symbol === 'BTC/USDT', 2000);
    expect(await c.timeout(2000).emitWithAck('login', String(w.alice.id))).toEqual({ ok: true });
    expectFiveLevels(await depth, 50_700);
    expect(await kl).toMatchObject({
      type: 'kline',
      symbol: 'BTC/USDT',
      period: '1min',
      currency_name: 'BTC',
      legal_name: 'USDT',
      time: expect.any(Number),
      close: expect.stringMatching(num),
    });
    // and it follows the pair: a new book and a new price come within the next flush
    const moved = next<Msg>(
      c,
      'market_depth',
      (p) => p.symbol === 'BTC/USDT' && (p.bids as unknown as string[][])[0][1] === '4',
      2000,
    );
    const live = next<Msg>(c, 'kline', (p) => p.symbol === 'BTC/USDT' && p.close === '50710', 2000);
    w.k.feed.setBook('BTC/USDT', ladder(50_700, 3));
    await w.k.tick('BTC/USDT', '50710');
    expectFiveLevels(await moved, 50_700);
    await live;
  });

  it('one broadcast per pair and second, whatever the number of such sockets: each gets every one', async () => {
    const socks = await Promise.all([1, 2, 3, 4].map(() => familySocket()));
    for (const c of socks) await c.timeout(2000).emitWithAck('login', '');
    await new Promise((r) => setTimeout(r, 1200)); // past the new members' first state
    const adapter = w.k.app.io.of('/').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    // only the books set below count (their best bid's quantity is 11 or more): a broadcast of an
    // earlier book may still be on its way
    const ours = (d: Msg) => d.symbol === 'BTC/USDT' && Number((d.bids as unknown as string[][])[0]?.[1]) >= 11;
    let sent = 0;
    adapter.broadcast = (packet, opts) => {
      if (packet.data?.[0] === 'market_depth' && opts.rooms.has('family:pair:BTC/USDT') && ours(packet.data[1] as Msg))
        sent++;
      return broadcast(packet, opts);
    };
    const got = socks.map(() => 0);
    socks.forEach((c, i) => c.on('market_depth', (p: Msg) => ours(p) && got[i]++));
    const t0 = Date.now();
    for (let v = 10; v < 35; v++) {
      w.k.feed.setBook('BTC/USDT', ladder(50_700, v)); // the book changes every 100 ms
      await new Promise((r) => setTimeout(r, 100));
    }
    // the book stops changing: the last change's broadcast (within a second) is still counted
    await new Promise((r) => setTimeout(r, 1500));
    adapter.broadcast = broadcast;
    const seconds = (Date.now() - t0) / 1000;
    // the last broadcast's packets arrive (polled: a loaded machine may take longer than a moment)
    for (let waited = 0; waited < 5000 && got.some((n) => n < sent); waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(Math.ceil(seconds) + 1); // at most one a second
    expect(got).toEqual(socks.map(() => sent));
  });

  it('a socket that emits watch leaves the pair rooms: only the watched pair from then on, also after a new login', async () => {
    const c = await familySocket();
    await c.timeout(2000).emitWithAck('login', String(w.alice.id));
    await next<Msg>(c, 'market_depth', (p) => p.symbol === 'BTC/USDT', 2000);
    expect(await c.timeout(2000).emitWithAck('watch', { symbol: 'ETH/USDT', period: '1min' })).toEqual({ ok: true });
    const btc: string[] = [];
    for (const e of ['market_depth', 'kline']) c.on(e, (p: Msg) => p.symbol === 'BTC/USDT' && btc.push(e));
    w.k.feed.setBook('BTC/USDT', ladder(50_800, 0));
    await w.k.tick('BTC/USDT', '50810');
    await new Promise((r) => setTimeout(r, 1500));
    expect(btc).toEqual([]);
    await c.timeout(2000).emitWithAck('login', String(w.alice.id));
    w.k.feed.setBook('BTC/USDT', ladder(50_800, 1));
    await w.k.tick('BTC/USDT', '50820');
    await new Promise((r) => setTimeout(r, 1500));
    expect(btc).toEqual([]);
  });
});
