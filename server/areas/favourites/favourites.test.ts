import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, envelope, get, post, registerAndLogin, type TestApp } from '../../testing/app';

interface Fav {
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  created_at: number;
}

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerAndLogin(t.app, 'alice.fav@example.com');
  bob = await registerAndLogin(t.app, 'bob.fav@example.com');
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => ({ authorization: token });
const list = async (token: string) => envelope(await get(t.app, '/api/optional/list', as(token))).message as Fav[];
const rowCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM optional_pairs`.execute(t.app.db)).rows[0].n;

describe('/optional without a login', () => {
  it('refuses list, add and del with 999 "please log in" and writes nothing', async () => {
    const before = await rowCount();
    for (const res of [
      await get(t.app, '/api/optional/list'),
      await post(t.app, '/api/optional/add', { currency_id: 1 }),
      await post(t.app, '/api/optional/del', { currency_id: 1 }),
    ]) {
      expect(envelope(res)).toEqual({ type: '999', code: 0, message: 'Please log in first' });
    }
    const forged = envelope(await post(t.app, '/api/optional/add', { currency_id: 1 }, as('x'.repeat(43))));
    expect(forged.type).toBe('999');
    expect(await rowCount()).toBe(before);
  });
});

describe('add → list → del', () => {
  it('adds by currency_id, by currency_id + legal_id and by symbol, lists them in the order added', async () => {
    const btc = envelope(await post(t.app, '/api/optional/add', { currency_id: 1 }, as(alice)));
    expect(btc).toMatchObject({ type: 'ok', message: { currency_id: 1, legal_id: 4, symbol: 'BTC/USDT' } });
    const eth = envelope(await post(t.app, '/api/optional/add', { currency_id: 2, legal_id: 4 }, as(alice)));
    expect(eth.message).toMatchObject({ symbol: 'ETH/USDT' });
    const aapl = envelope(await post(t.app, '/api/optional/add', { symbol: 'aapl/usdt' }, as(alice)));
    expect(aapl.message).toMatchObject({ symbol: 'AAPL/USDT', currency_id: 101 });

    expect((await list(alice)).map((f) => f.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'AAPL/USDT']);
    expect(await list(bob)).toEqual([]);
  });

  it('adding again is a no-op that answers the same row', async () => {
    const first = (await list(alice)).find((f) => f.symbol === 'BTC/USDT');
    const again = envelope(await post(t.app, '/api/optional/add', { symbol: 'BTC/USDT' }, as(alice)));
    expect(again.message).toEqual(first);
    expect((await list(alice)).length).toBe(3);
  });

  it('removes by id and by pair; removing a pair twice is harmless', async () => {
    const eth = (await list(alice)).find((f) => f.symbol === 'ETH/USDT') as Fav;
    expect(envelope(await post(t.app, '/api/optional/del', { id: eth.id }, as(alice)))).toEqual({
      type: 'ok',
      code: 1,
      message: { removed: true },
    });
    expect(envelope(await post(t.app, '/api/optional/del', { currency_id: 101 }, as(alice))).message).toEqual({
      removed: true,
    });
    expect(envelope(await post(t.app, '/api/optional/del', { symbol: 'AAPL/USDT' }, as(alice))).message).toEqual({
      removed: false,
    });
    expect((await list(alice)).map((f) => f.symbol)).toEqual(['BTC/USDT']);
    // a removed id is gone for good
    expect(envelope(await post(t.app, '/api/optional/del', { id: eth.id }, as(alice))).message).toBe('Not found');
  });
});

describe('one user cannot touch another user’s favourites', () => {
  it('bob deleting alice’s row by id gets "not found" and alice keeps it', async () => {
    const mine = (await list(alice))[0];
    const res = envelope(await post(t.app, '/api/optional/del', { id: mine.id }, { ...as(bob), lang: 'zh' }));
    expect(res).toEqual({ type: 'error', code: 0, message: '内容不存在' });
    expect(await list(alice)).toEqual([mine]);
  });

  it('bob removing the same pair removes nothing of alice’s', async () => {
    await post(t.app, '/api/optional/del', { symbol: 'BTC/USDT' }, as(bob));
    expect((await list(alice)).map((f) => f.symbol)).toEqual(['BTC/USDT']);
  });

  it('ignores a user_id smuggled into the body', async () => {
    const aliceId = (envelope(await get(t.app, '/api/user/info', as(alice))).message as { id: number }).id;
    await post(t.app, '/api/optional/add', { currency_id: 5, user_id: aliceId }, as(bob));
    expect((await list(alice)).map((f) => f.symbol)).toEqual(['BTC/USDT']);
    expect((await list(bob)).map((f) => f.symbol)).toEqual(['LTC/USDT']);
  });
});

describe('bad input gets a translated error and changes nothing', () => {
  const cases: [string, Record<string, string | number>, string][] = [
    ['add', {}, 'Parameter error'],
    ['add', { currency_id: 'abc' }, 'Parameter error'],
    ['add', { currency_id: -1 }, 'Parameter error'],
    ['add', { currency_id: 1.5 }, 'Parameter error'],
    ['add', { currency_id: '99999999999' }, 'Parameter error'],
    ['add', { symbol: 'BTC' }, 'Parameter error'],
    ['add', { symbol: "BTC/USDT'; DROP TABLE pairs;--" }, 'Parameter error'],
    ['add', { symbol: 'BTC/USDT', currency_id: 1 }, 'Parameter error'],
    ['add', { legal_id: 4 }, 'Parameter error'],
    ['add', { currency_id: 999 }, 'Not found'],
    // USDT is the quote currency, not a listed pair of its own
    ['add', { currency_id: 4 }, 'Not found'],
    ['add', { currency_id: 1, legal_id: 2 }, 'Not found'],
    ['add', { symbol: 'XYZ/USDT' }, 'Not found'],
    ['del', {}, 'Parameter error'],
    ['del', { id: 0 }, 'Parameter error'],
    ['del', { id: 1, symbol: 'BTC/USDT' }, 'Parameter error'],
    ['del', { id: 2_000_000 }, 'Not found'],
    ['del', { symbol: 'XYZ/USDT' }, 'Not found'],
  ];
  it.each(cases)('%s %j → %s', async (route, body, message) => {
    const before = await rowCount();
    const res = await post(t.app, `/api/optional/${route}`, body, as(bob));
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({ type: 'error', code: 0, message });
    expect(await rowCount()).toBe(before);
  });

  it('answers in the request language', async () => {
    const res = envelope(await post(t.app, '/api/optional/add', { currency_id: 'x' }, { ...as(bob), lang: 'fra' }));
    expect(res.message).toBe('Erreur de paramètre');
  });
});

describe('concurrent adds of the same pair', () => {
  it('leave exactly one row', async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, () => post(t.app, '/api/optional/add', { currency_id: 7 }, as(bob))),
    );
    const ids = new Set(res.map((r) => (envelope(r).message as Fav).id));
    expect(ids.size).toBe(1);
    expect((await list(bob)).filter((f) => f.symbol === 'SOL/USDT')).toHaveLength(1);
  });
});
