/**
 * Marketable limit orders: a limit that crosses the current price at submission
 * fills at once at that price — never at the user's worse limit — and a limit outside the pair's
 * price band is refused, naming the allowed range. A resting limit keeps its own (maker) price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type LeverPosition, type SpotOrder } from '../../../../core';
import { checkJournalConsistency } from '../../../db/ledger';
import { createKit, type Kit } from '../../../testing/trade-kit';

const { change: CHANGE, lever: LEVER } = ACCOUNT_TYPES;
const USDT = 4;
const BTC = 1;
const ETH = 2;

let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  expect(await checkJournalConsistency(k.app.db)).toEqual([]);
  await k.t.close();
});

/** fills record the book seq they used (`depth:<symbol>` seq) */
const bookSeq = (symbol: string) => k.app.market.books.book(symbol).source.seq;

const positions = async (token: string, status: 'position' | 'entrusted') =>
  ((await k.call('POST', '/api/lever/my_trade', token, { status })).message as { message: { data: LeverPosition[] } })
    .message.data;

describe('spot limit orders against the current price', () => {
  it('a buy limit at 2× the market fills at once at the market price, paying only that', async () => {
    const u = await k.user('cross1@example.com');
    await k.fund(u.id, USDT, CHANGE, '200000');
    await k.tick('BTC/USDT', '66479');
    const r = await k.call('POST', '/api/coin/trade', u.token, {
      amount: '1',
      target_price: '132958',
      currency_id: BTC,
      legal_id: USDT,
      type: 'buy',
    });
    expect(r.message).toMatchObject({
      kind: 'limit',
      status: 'filled',
      target_price: '132958',
      fill_price: '66479',
      total: '66479',
      fill_seq: bookSeq('BTC/USDT'),
      frozen: '0',
    });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '133521', frozen: '0' });
    expect(await k.balance(u.id, BTC, CHANGE)).toEqual({ available: '1', frozen: '0' });
  });

  it('a sell limit far below the market is refused by the band and changes nothing', async () => {
    const u = await k.user('cross2@example.com');
    await k.fund(u.id, BTC, CHANGE, '1');
    await k.tick('BTC/USDT', '66479');
    const r = await k.call('POST', '/api/coin/trade', u.token, {
      amount: '1',
      target_price: '1',
      currency_id: BTC,
      legal_id: USDT,
      type: 'sell',
    });
    expect(r).toMatchObject({ type: 'error', message: 'The limit price must be between 13295.8 and 332395' });
    expect(await k.balance(u.id, BTC, CHANGE)).toEqual({ available: '1', frozen: '0' });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '0', frozen: '0' });
    const zh = await k.app.inject({
      method: 'POST',
      url: '/api/coin/trade',
      headers: { authorization: `Bearer ${u.token}`, lang: 'zh' },
      payload: { amount: '1', target_price: '400000', currency_id: BTC, legal_id: USDT, type: 'buy' },
    });
    expect((zh.json() as { message: string }).message).toBe('限价须在 13295.8 至 332395 之间');
  });

  it('a sell limit below the market but within the band fills at the market price, fee on the actual fill', async () => {
    const u = await k.user('cross3@example.com');
    await k.fund(u.id, ETH, CHANGE, '2');
    await k.tick('ETH/USDT', '3000');
    const o = (
      await k.call('POST', '/api/coin/trade', u.token, {
        amount: '2',
        target_price: '2700',
        currency_id: ETH,
        legal_id: USDT,
        type: 'sell',
      })
    ).message as SpotOrder;
    // 2 × 3000 = 6000, fee 0.1 % = 6
    expect(o).toMatchObject({
      status: 'filled',
      fill_price: '3000',
      total: '6000',
      fee: '6',
      fill_seq: bookSeq('ETH/USDT'),
    });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '5994', frozen: '0' });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '0', frozen: '0' });
  });

  it('a resting buy limit fills at its own price when a later tick jumps through it', async () => {
    const u = await k.user('cross4@example.com');
    await k.fund(u.id, USDT, CHANGE, '50000');
    await k.tick('BTC/USDT', '50000');
    const o = (
      await k.call('POST', '/api/coin/trade', u.token, {
        amount: '0.5',
        target_price: '49000',
        currency_id: BTC,
        legal_id: USDT,
        type: 'buy',
      })
    ).message as SpotOrder;
    expect(o).toMatchObject({ status: 'open', frozen: '24500' });
    await k.tick('BTC/USDT', '45000');
    const done = ((await k.call('GET', '/api/coin/list', u.token, { status: 'complete' })).message as SpotOrder[])[0];
    expect(done).toMatchObject({ id: o.id, status: 'filled', fill_price: '49000', fill_seq: bookSeq('BTC/USDT') });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '25500', frozen: '0' });
  });
});

describe('contract limit entries against the current price', () => {
  it('a long limit above the market opens at the market price, with no instant loss', async () => {
    const u = await k.user('cross5@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    const at = await k.tick('ETH/USDT', '3000');
    // 100 lots × 0.01 ETH = 1 ETH; 10× at 3000 → margin 300, fee 1.5
    const p = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'long',
        status: 'limit',
        target_price: '3150',
        share: '100',
        multiple: 10,
      })
    ).message as LeverPosition;
    expect(p).toMatchObject({
      status: 1,
      price: '3000',
      open_seq: at.seq,
      caution_money: '300',
      trade_fee: '1.5',
      profits: '0',
    });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '698.5', frozen: '300' });
    expect((await k.call('POST', '/api/lever/close', u.token, { id: p.id })).message).toMatchObject({
      close_price: '3000',
      profits: '0',
    });
  });

  it('a long limit 1.2× the market is outside the contract band and refused', async () => {
    const u = await k.user('cross6@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    await k.tick('ETH/USDT', '3000');
    const r = await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'long',
      status: 'limit',
      target_price: '3600',
      share: '10',
      multiple: 10,
    });
    expect(r).toMatchObject({ type: 'error', message: 'The limit price must be between 2700 and 3300' });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '1000', frozen: '0' });
    expect(await positions(u.token, 'position')).toEqual([]);
  });

  it('a short limit above the market rests and opens at its own price when crossed', async () => {
    const u = await k.user('cross7@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    await k.tick('ETH/USDT', '3000');
    const e = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'short',
        status: 'limit',
        target_price: '3100',
        share: '100',
        multiple: 10,
      })
    ).message as LeverPosition;
    expect(e).toMatchObject({ status: 0, caution_money: '310', trade_fee: '1.55' });
    const hit = await k.tick('ETH/USDT', '3120');
    expect((await positions(u.token, 'position'))[0]).toMatchObject({ id: e.id, price: '3100', open_seq: hit.seq });
    await k.call('POST', '/api/lever/batch_close', u.token, { type: 'all' });
  });

  it('a take-profit on the wrong side of the actual entry is refused', async () => {
    const u = await k.user('cross8@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    await k.tick('ETH/USDT', '3000');
    const r = await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'long',
      status: 'limit',
      target_price: '3150',
      share: '10',
      multiple: 10,
      target_profit_price: '2990',
    });
    expect(r).toMatchObject({
      type: 'error',
      message: 'The take-profit or stop-loss price is on the wrong side of the price',
    });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '1000', frozen: '0' });
  });
});
