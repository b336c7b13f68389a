/**
 * The matching engine against a scripted venue book: VWAP market sweeps, the
 * protection band, partial fills that rest in the published book and fill on a later cross,
 * self-trade prevention (EXPIRE_MAKER) and user-to-user fills. Runs on the embedded and the external PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, proveSpot, type LeverPosition, type SpotFill, type SpotOrder } from '../../../../../core';
import { checkJournalConsistency } from '../../../../db/ledger';
import { createKit, type Kit } from '../../../../testing/trade-kit';

const { change: CHANGE, lever: LEVER } = ACCOUNT_TYPES;
const USDT = 4;
const ETH = 2;
const SYM = 'ETH/USDT';

let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  expect(await checkJournalConsistency(k.app.db)).toEqual([]);
  await k.t.close();
});

const order = async (token: string, f: { type: 'buy' | 'sell'; amount: string; target_price?: string }) =>
  k.call('POST', '/api/coin/trade', token, { currency_id: ETH, legal_id: USDT, ...f });
const depth = () => {
  k.app.market.books.flushDepth(SYM);
  return k.app.market.books.book(SYM).snapshot();
};
const setBook = async (asks: [string, string][], bids: [string, string][] = [['99', '10']]) => {
  k.feed.setBook(SYM, { bids, asks });
  await k.app.trade.idle();
};
const fills = (orderId: number) =>
  k.app.db.selectFrom('spot_fills').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('market orders walk the book', () => {
  it('a market buy across three levels fills at their exact VWAP, journaled per fill with the book seq', async () => {
    const u = await k.user('vwap@example.com');
    await k.fund(u.id, USDT, CHANGE, '1000');
    await k.tick(SYM, '100');
    await setBook([
      ['100', '1'],
      ['101', '2'],
      ['102', '3'],
    ]);
    const seq = depth().seq;
    const r = await order(u.token, { type: 'buy', amount: '4' });
    // 1 × 100 + 2 × 101 + 1 × 102 = 404 → VWAP 101; fee 0.1 % = 0.404
    expect(r.message).toMatchObject({
      kind: 'market',
      status: 'filled',
      amount: '4',
      filled: '4',
      fill_price: '101',
      total: '404',
      fee: '0.404',
      frozen: '0',
      fill_seq: seq,
    });
    const o = r.message as SpotOrder;
    expect((await fills(o.id)).map((f) => [Number(f.price), Number(f.qty), f.role, Number(f.book_seq)])).toEqual([
      [100, 1, 'taker', seq],
      [101, 2, 'taker', seq],
      [102, 1, 'taker', seq],
    ]);
    const journal = await k.app.db
      .selectFrom('journal')
      .select(['ref_type', 'reason'])
      .where('user_id', '=', u.id)
      .where('ref_type', '=', 'spot_fill')
      .execute();
    expect(journal).toHaveLength(6); // per fill: USDT out, ETH in
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '595.596', frozen: '0' });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '4', frozen: '0' });
    // the consumed venue liquidity is held back until the venue re-quotes; the sweep printed 3 trades
    expect(depth().asks).toEqual([['102', '2']]);
  });

  it('the protection band refuses a sweep that would move the price more than 5 %, changing nothing', async () => {
    const u = await k.user('band@example.com');
    await k.fund(u.id, USDT, CHANGE, '10000');
    await k.tick(SYM, '100');
    await setBook([
      ['100', '1'],
      ['104', '1'],
      ['106', '50'],
    ]);
    const r = await order(u.token, { type: 'buy', amount: '3' });
    expect(r).toMatchObject({
      type: 'error',
      message:
        'This market order would move the price more than 5% and was refused; lower the amount or use a limit order',
    });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '10000', frozen: '0' });
    expect(depth().asks).toEqual([
      ['100', '1'],
      ['104', '1'],
      ['106', '50'],
    ]);
    // within the band it fills
    expect((await order(u.token, { type: 'buy', amount: '2' })).message).toMatchObject({
      status: 'filled',
      fill_price: '102',
      total: '204',
    });
  });
});

describe('market buy by quote amount', () => {
  it('spends at most the quote amount, fee included, walking the levels; the rest of the quote stays', async () => {
    const u = await k.user('quote-buy@example.com');
    await k.fund(u.id, USDT, CHANGE, '1000');
    await k.tick(SYM, '100');
    await setBook([
      ['100', '1'],
      ['101', '2'],
      ['102', '3'],
    ]);
    const r = await k.call('POST', '/api/coin/trade', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'buy',
      quote_amount: '304.304',
    });
    // 304.304 / 1.001 = 304 for the fills: 100 × 1 + 101 × 2 = 302, then 2 / 102 → 0.0196 at the level of 102
    const o = r.message as SpotOrder;
    expect(o).toMatchObject({
      kind: 'market',
      status: 'filled',
      amount: '3.0196',
      filled: '3.0196',
      total: '303.9992',
      fee: '0.3039992',
    });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '695.6968008', frozen: '0' });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '3.0196', frozen: '0' });
  });

  it('is a market buy only: a sell or a limit by quote amount is refused', async () => {
    const u = await k.user('quote-sell@example.com');
    await k.fund(u.id, ETH, CHANGE, '5');
    for (const f of [
      { type: 'sell', quote_amount: '100' },
      { type: 'buy', quote_amount: '100', target_price: '100' },
    ])
      expect(
        await k.call('POST', '/api/coin/trade', u.token, { currency_id: ETH, legal_id: USDT, ...f }),
      ).toMatchObject({ type: 'error' });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '5', frozen: '0' });
  });
});

describe('limit orders', () => {
  it('a crossing limit fills as far as the book allows, rests for the rest in the book, and fills on a later cross', async () => {
    const u = await k.user('partial@example.com');
    await k.fund(u.id, USDT, CHANGE, '1000');
    await k.tick(SYM, '100');
    await setBook([
      ['100', '1'],
      ['101', '1'],
      ['103', '5'],
    ]);
    const r = await order(u.token, { type: 'buy', amount: '3', target_price: '101' });
    // 100 + 101 = 201 filled (fee 0.201); the remaining 1 rests at 101 holding 101 + 0.101
    const o = r.message as SpotOrder;
    expect(o).toMatchObject({
      status: 'partially_filled',
      filled: '2',
      fill_price: '100.5',
      total: '201',
      fee: '0.201',
      frozen: '101.101',
    });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '697.698', frozen: '101.101' });
    const d = depth();
    expect(d.bids[0]).toEqual(['101', '1']); // the user's resting remainder, above the venue's 99
    expect(d.asks[0]).toEqual(['103', '5']);
    expect(
      ((await k.call('GET', '/api/coin/list', u.token, { status: 'progress' })).message as SpotOrder[]).map(
        (x) => x.id,
      ),
    ).toEqual([o.id]);
    // the venue re-quotes through its price: it fills at its own price as the maker
    await setBook([['100.5', '5']]);
    const done = ((await k.call('GET', '/api/coin/list', u.token, { status: 'complete' })).message as SpotOrder[])[0];
    expect(done).toMatchObject({ id: o.id, status: 'filled', filled: '3', total: '302', fee: '0.302', frozen: '0' });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '697.698', frozen: '0' });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '3', frozen: '0' });
    expect((await fills(o.id)).map((f) => [Number(f.price), Number(f.qty), f.role])).toEqual([
      [100, 1, 'taker'],
      [101, 1, 'taker'],
      [101, 1, 'maker'],
    ]);
    expect(depth().bids[0]).toEqual(['99', '10']);
    // the order's panel reads the same fills and recomputes the order from them with core
    const shown = (await k.call('GET', '/api/coin/fills', u.token, { id: o.id })).message as SpotFill[];
    expect(shown.map((f) => [f.price, f.qty, f.total, f.role])).toEqual([
      ['100', '1', '100', 'taker'],
      ['101', '1', '101', 'taker'],
      ['101', '1', '101', 'maker'],
    ]);
    const proof = proveSpot({
      side: 'buy',
      fills: shown,
      stored: { filled: done.filled, total: done.total, fillPrice: done.fill_price },
    });
    expect(proof.ok).toBe(true);
    // another user asking for these fills learns nothing: the order is "not found" to them
    const other = await k.user('partial-peek@example.com');
    expect(await k.call('GET', '/api/coin/fills', other.token, { id: o.id })).toMatchObject({ type: 'error' });
    expect((await k.call('GET', '/api/coin/fills', other.token, { id: 'x' })).type).toBe('error');
  });

  it('cancelling a partially filled order releases the remainder and keeps what filled', async () => {
    const u = await k.user('partial-cancel@example.com');
    await k.fund(u.id, USDT, CHANGE, '1000');
    await k.tick(SYM, '100');
    await setBook([
      ['100', '1'],
      ['101', '1'],
      ['103', '5'],
    ]);
    const o = (await order(u.token, { type: 'buy', amount: '3', target_price: '101' })).message as SpotOrder;
    expect(o).toMatchObject({ status: 'partially_filled', filled: '2', frozen: '101.101' });
    const c = (await k.call('POST', '/api/coin/cancel', u.token, { id: o.id })).message as SpotOrder;
    expect(c).toMatchObject({ status: 'cancelled', filled: '2', total: '201', frozen: '0' });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '798.799', frozen: '0' });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '2', frozen: '0' });
    expect(depth().bids[0]).toEqual(['99', '10']);
  });

  it("self-trade prevention cancels the taker's own resting order (EXPIRE_MAKER); another user's at the same price fills", async () => {
    const a = await k.user('stp-a@example.com');
    const b = await k.user('stp-b@example.com');
    await k.fund(a.id, USDT, CHANGE, '1000');
    await k.fund(a.id, ETH, CHANGE, '1');
    await k.fund(b.id, ETH, CHANGE, '1');
    await k.tick(SYM, '100');
    await setBook([
      ['100', '1'],
      ['106', '5'],
    ]);
    const own = (await order(a.token, { type: 'sell', amount: '1', target_price: '103' })).message as SpotOrder;
    const other = (await order(b.token, { type: 'sell', amount: '0.5', target_price: '103' })).message as SpotOrder;
    expect([own.status, other.status]).toEqual(['open', 'open']);
    expect(depth().asks).toEqual([
      ['100', '1'],
      ['103', '1.5'],
      ['106', '5'],
    ]);
    const t = (await order(a.token, { type: 'buy', amount: '2.5', target_price: '106' })).message as SpotOrder;
    // 100 × 1 (venue) + 103 × 0.5 (b) + 106 × 1 (venue) = 257.5; a's own 103 was skipped and cancelled
    expect(t).toMatchObject({ status: 'filled', filled: '2.5', total: '257.5', fee: '0.2575' });
    const list = async (token: string) =>
      (await k.call('GET', '/api/coin/list', token, { status: 'complete' })).message as SpotOrder[];
    expect((await list(a.token)).find((x) => x.id === own.id)).toMatchObject({
      status: 'cancelled',
      filled: '0',
      frozen: '0',
    });
    expect((await list(b.token)).find((x) => x.id === other.id)).toMatchObject({
      status: 'filled',
      fill_price: '103',
      total: '51.5',
      fee: '0.0515',
    });
    expect(await k.balance(a.id, ETH, CHANGE)).toEqual({ available: '3.5', frozen: '0' });
    expect(await k.balance(a.id, USDT, CHANGE)).toEqual({ available: '742.2425', frozen: '0' });
    expect(await k.balance(b.id, USDT, CHANGE)).toEqual({ available: '51.4485', frozen: '0' });
    expect(await k.balance(b.id, ETH, CHANGE)).toEqual({ available: '0.5', frozen: '0' });
    expect((await fills(other.id)).map((f) => [f.role, f.counter_order_id])).toEqual([['maker', t.id]]);
  });
});

describe('contracts', () => {
  it('a futures market entry opens at the VWAP of walking the venue book, rounded against the trader', async () => {
    const u = await k.user('lever-walk@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    await k.tick(SYM, '3000');
    await setBook(
      [
        ['3000', '0.4'],
        ['3001', '0.3'],
        ['3002.5', '5'],
      ],
      [['2999', '5']],
    );
    // 100 lots × 0.01 ETH = 1 ETH: 0.4 × 3000 + 0.3 × 3001 + 0.3 × 3002.5 = 3001.05
    const p = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'long',
        status: 'market',
        share: '100',
        multiple: 10,
      })
    ).message as LeverPosition;
    expect(p).toMatchObject({ status: 1, price: '3001.05', caution_money: '300.105' });
    // a short for 1 ETH walks the bids: 2999
    const s = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'short',
        status: 'market',
        share: '100',
        multiple: 10,
      })
    ).message as LeverPosition;
    expect(s).toMatchObject({ status: 1, price: '2999' });
    // more than the band allows is refused
    const r = await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'short',
      status: 'market',
      share: '1000',
      multiple: 10,
    });
    expect(r).toMatchObject({
      type: 'error',
      message:
        'This market order would move the price more than 5% and was refused; lower the amount or use a limit order',
    });
    await k.call('POST', '/api/lever/batch_close', u.token, { type: 'all' });
  });
});
