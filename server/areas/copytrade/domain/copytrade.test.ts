/**
 * Copy trading on the scripted feed, as traders, followers and an operator live it: an applicant
 * is approved in the back office; a trader opens and closes a 5× long; a fixed-multiple 1.5 and a
 * fixed-lots 2 follower mirror it within a second, with margin, fee and P&L equal to core/ and to
 * their journals; a follower whose balance cannot cover the copy gets a notice and no position;
 * self-holding keeps a copy open through the trader's close; cancel stops future copies; the
 * hourly figures come from the real closes; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_TYPES,
  openingFee,
  positionMargin,
  positionPnl,
  type CopyPage,
  type CopyTrade,
  type Follow,
  type LeverPosition,
  type MyTraderState,
  type Paginator,
  type TraderDetailRow,
  type TraderRow,
  fromTraderDetailRow,
  fromTraderPage,
} from '../../../../core';
import { checkJournalConsistency } from '../../../db/ledger';
import { createOperator } from '../../../auth/operators';
import { envelope, loginOperator, post, get } from '../../../testing/app';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { mirrorOpened } from './mirror-open';

const LEVER = ACCOUNT_TYPES.lever;
const USDT = 4;
const BTC = 1;

let k: Kit;
let opToken = '';
type U = { id: number; token: string };
let trader: U, multi: U, lots: U, poor: U, other: U;
const follows: Record<string, Follow> = {};

const ok = <T>(r: { type: string; message: unknown }): T => {
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  return r.message as T;
};
const idle = async () => {
  await k.app.trade.idle();
  await k.app.copytrade.idle();
};
const positions = async (u: U, status: 'position' | 'history') =>
  ok<{ message: { data: LeverPosition[] } }>(await k.call('POST', '/api/lever/my_trade', u.token, { status })).message
    .data;
const journal = (userId: number, positionId: number) =>
  k.app.db
    .selectFrom('journal')
    .select(['reason', 'delta_available', 'delta_frozen'])
    .where('user_id', '=', userId)
    .where('ref_type', '=', 'lever_order')
    .where('ref_id', '=', String(positionId))
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => [r.reason, String(Number(r.delta_available)), String(Number(r.delta_frozen))]));
const admin = async (method: 'GET' | 'POST', url: string, fields: Record<string, string | number> = {}) => {
  const headers = { authorization: `Bearer ${opToken}`, lang: 'en' };
  return envelope(method === 'POST' ? await post(k.app, url, fields, headers) : await get(k.app, url, headers));
};

beforeAll(async () => {
  k = await createKit();
  await createOperator(k.app.db, 'ops.copy', 'operator-password-1');
  opToken = await loginOperator(k.app, 'ops.copy', 'operator-password-1');
  trader = await k.user('trader@example.com');
  multi = await k.user('multi@example.com');
  lots = await k.user('lots@example.com');
  poor = await k.user('poor@example.com');
  other = await k.user('other@example.com');
  await k.fund(trader.id, USDT, LEVER, '10000');
  await k.fund(multi.id, USDT, LEVER, '10000');
  await k.fund(lots.id, USDT, LEVER, '10000');
  await k.fund(poor.id, USDT, LEVER, '5');
  await k.tick('BTC/USDT', '50000');
});
afterAll(async () => {
  expect(await checkJournalConsistency(k.app.db)).toEqual([]);
  await k.t.close();
});

describe('becoming a trader', () => {
  it('an application waits for review; an operator rejects with a reason, then approves a new one', async () => {
    expect(await k.call('POST', '/api/follow/apply', trader.token, { nickname: 'X', introduction: '' })).toMatchObject({
      type: 'error',
      message: 'The nickname must be 2-20 characters',
    });
    const applied = ok<MyTraderState>(
      await k.call('POST', '/api/follow/apply', trader.token, { nickname: 'Steady Hands', introduction: 'BTC swings' }),
    );
    expect(applied).toMatchObject({ status: 'pending', nickname: 'Steady Hands' });
    expect(
      await k.call('POST', '/api/follow/apply', trader.token, { nickname: 'Again', introduction: '' }),
    ).toMatchObject({ type: 'error', message: 'Your trader application is under review' });
    // not listed, cannot be followed while pending
    expect(ok<Paginator<TraderRow>>(await k.call('GET', '/api/follow/index', multi.token)).total).toBe(0);

    // customers cannot reach the queue; operators can
    expect(
      envelope(await get(k.app, '/admin/api/traders?status=pending', { authorization: `Bearer ${trader.token}` })).type,
    ).toBe('999');
    const queue = ok<CopyPage<{ user_id: number; nickname: string }>>(
      await admin('GET', '/admin/api/traders?status=pending'),
    );
    expect(queue.list).toEqual([expect.objectContaining({ user_id: trader.id, nickname: 'Steady Hands' })]);
    expect(await admin('POST', '/admin/api/traders/review', { user_id: trader.id, approve: 0 })).toMatchObject({
      type: 'error',
    }); // a rejection needs a reason
    ok(
      await admin('POST', '/admin/api/traders/review', {
        user_id: trader.id,
        approve: 0,
        reason: 'Introduction too short',
      }),
    );
    expect(ok<MyTraderState>(await k.call('GET', '/api/follow/myTrader', trader.token))).toMatchObject({
      status: 'rejected',
      reason: 'Introduction too short',
    });

    ok(
      await k.call('POST', '/api/follow/apply', trader.token, {
        nickname: 'Steady Hands',
        introduction: 'BTC swings, 5x, patient exits',
      }),
    );
    ok(await admin('POST', '/admin/api/traders/review', { user_id: trader.id, approve: 1 }));
    expect(await admin('POST', '/admin/api/traders/review', { user_id: trader.id, approve: 1 })).toMatchObject({
      type: 'error',
      message: 'This application has already been reviewed',
    });
    const actions = await k.app.db
      .selectFrom('operator_actions')
      .select(['action', 'reason'])
      .where('target', 'like', `user:${trader.id} trader`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['trader_reject', 'trader_approve']);
    const list = fromTraderPage(ok<Paginator<TraderRow>>(await k.call('GET', '/api/follow/index', multi.token)));
    expect(list.list).toEqual([
      expect.objectContaining({
        trader_user_id: trader.id,
        nickname: 'Steady Hands',
        my_state: 'none',
        follower_count: 0,
      }),
    ]);
  });
});

describe('following', () => {
  it('bad input gets a clear error and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await k.app.db
            .selectFrom('copy_follows')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const f = (u: U, fields: Record<string, string | number>) => k.call('POST', '/api/follow/follow', u.token, fields);
    expect(await f(trader, { trader_user_id: trader.id, type: 1, number: '1', agree: 1 })).toMatchObject({
      type: 'error',
      message: 'You cannot follow yourself',
    });
    expect(await f(multi, { trader_user_id: other.id, type: 1, number: '1', agree: 1 })).toMatchObject({
      type: 'error',
      message: 'This trader does not exist or cannot be followed',
    });
    expect(await f(multi, { trader_user_id: trader.id, type: 1, number: '1', agree: 0 })).toMatchObject({
      type: 'error',
      message: 'Please read and accept the copy-trading agreement',
    });
    expect(await f(multi, { trader_user_id: trader.id, type: 3, number: '1', agree: 1 })).toMatchObject({
      type: 'error',
      message: 'Choose fixed multiple or fixed lots',
    });
    expect(await f(multi, { trader_user_id: trader.id, type: 1, number: '0', agree: 1 })).toMatchObject({
      type: 'error',
      message: 'The copy multiple must be above 0 and at most 100',
    });
    expect(await f(multi, { trader_user_id: trader.id, type: 1, number: '1e3', agree: 1 })).toMatchObject({
      type: 'error',
    });
    expect(await f(lots, { trader_user_id: trader.id, type: 2, number: '5000', agree: 1 })).toMatchObject({
      type: 'error',
      message: 'The copy lots must be above 0 and at most 1000',
    });
    expect(await count()).toBe(before);
  });

  it('a multiple above 1 that is not an integer is rounded to two decimals; following again changes the setting', async () => {
    follows.multi = ok<Follow>(
      await k.call('POST', '/api/follow/follow', multi.token, {
        trader_user_id: trader.id,
        type: 1,
        number: '1.555',
        agree: 1,
      }),
    );
    expect(follows.multi).toMatchObject({ type: 1, number: '1.56', status: 'following' });
    const again = ok<Follow>(
      await k.call('POST', '/api/follow/follow', multi.token, {
        trader_user_id: trader.id,
        type: 1,
        number: '1.5',
        agree: 1,
      }),
    );
    expect(again).toMatchObject({ id: follows.multi.id, number: '1.5' });
    // the spec's own client sends no `agree` (it showed the agreement page first): accepted
    follows.lots = ok<Follow>(
      await k.call('POST', '/api/follow/follow', lots.token, { trader_user_id: trader.id, type: 2, number: '2' }),
    );
    follows.poor = ok<Follow>(
      await k.call('POST', '/api/follow/follow', poor.token, {
        trader_user_id: trader.id,
        type: 2,
        number: '2',
        agree: 1,
      }),
    );
    const detail = fromTraderDetailRow(
      ok<TraderDetailRow>(await k.call('GET', '/api/follow/traderDetail', multi.token, { trader_user_id: trader.id })),
    );
    expect(detail).toMatchObject({ my_state: 'following', my_follow: { id: follows.multi.id, number: '1.5' } });
    // a guest sees the trader but no follow state
    expect(
      fromTraderDetailRow(
        envelope(await get(k.app, `/api/follow/traderDetail?trader_user_id=${trader.id}`)).message as TraderDetailRow,
      ),
    ).toMatchObject({ my_state: 'none', my_follow: null });
  });

  it('cancel names the trader and reaches only the caller’s own follow: one who follows no one is refused and nothing changes', async () => {
    // follow_user_id is the trader's user id (the family's meaning); the trader follows nobody
    expect(await k.call('POST', '/api/follow/cancel', trader.token, { follow_user_id: trader.id })).toMatchObject({
      type: 'error',
      message: 'Follow not found',
    });
    const still = await k.app.db
      .selectFrom('copy_follows')
      .select('status')
      .where('id', '=', follows.lots.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('following');
  });
});

describe('mirroring', () => {
  let traderPos: LeverPosition;

  it('a trader’s 5× long is mirrored within a second: 1.5 × 10 = 15 lots, fixed 2 lots; the poor follower gets a notice and no position', async () => {
    const emit = vi.spyOn(k.app.market, 'emitToUser');
    traderPos = ok<LeverPosition>(
      await k.call('POST', '/api/lever/submit', trader.token, {
        currency_id: BTC,
        legal_id: USDT,
        type: 'long',
        share: '10',
        multiple: 5,
      }),
    );
    // the trader's commit itself queues the copies (the 5 s sweep is only a backstop): by the time
    // the trader has the answer the mirror is under way, so draining the queues (no timer, no
    // sweep) leaves both copies open
    await k.app.copytrade.idle();
    await idle();

    const copies = [await positions(multi, 'position'), await positions(lots, 'position')];
    expect(copies.map((c) => c.length)).toEqual([1, 1]);
    const [[a], [b]] = copies;
    // within a second on the engine's own clock (the kit's, held still): no timer had to come round,
    // both copies opened at the trader's instant
    expect(traderPos.opened_at).toBe(k.clock.now);
    expect([a.opened_at, b.opened_at]).toEqual([traderPos.opened_at, traderPos.opened_at]);
    const lotSize = traderPos.lot_size;
    expect(lotSize).toBe('0.001');
    for (const [p, n] of [
      [a, '15'],
      [b, '2'],
    ] as const) {
      const contract = { side: 'long' as const, lots: n, lotSize, multiple: '5', openPrice: '50000' };
      expect(p).toMatchObject({
        symbol: 'BTC/USDT',
        type: 1,
        share: n,
        multiple: 5,
        price: '50000',
        order_type: 2,
        caution_money: positionMargin(contract),
        trade_fee: openingFee(contract, '0.0005'),
      });
    }
    expect(a.caution_money).toBe('150');
    expect(a.trade_fee).toBe('0.375');
    expect(await k.balance(multi.id, USDT, LEVER)).toEqual({ available: '9849.625', frozen: '150' });
    expect(await k.balance(lots.id, USDT, LEVER)).toEqual({ available: '9979.95', frozen: '20' });

    // the poor follower: nothing opened, nothing charged, a notice (live and kept) and a skipped copy
    expect(await positions(poor, 'position')).toEqual([]);
    expect(await k.balance(poor.id, USDT, LEVER)).toEqual({ available: '5', frozen: '0' });
    const live = emit.mock.calls
      .filter(([uid, ev]) => uid === poor.id && ev === 'notice')
      .map(([, , p]) => p as { kind: string; text: string });
    expect(live).toEqual([
      expect.objectContaining({
        kind: 'copy_skipped',
        text: expect.stringContaining('cannot cover the margin and fee (20.05 USDT)'),
      }),
    ]);
    const kept = await k.app.db
      .selectFrom('notices')
      .select(['body_key', 'params'])
      .where('user_id', '=', poor.id)
      .execute();
    expect(kept).toEqual([expect.objectContaining({ body_key: 'notice_copy_skipped_balance' })]);
    const hist = ok<CopyPage<CopyTrade>>(
      await k.call('GET', '/api/follow/historyTrade', poor.token, { status: 'history' }),
    );
    expect(hist.list).toEqual([
      expect.objectContaining({
        status: 'skipped',
        skip_reason: 'insufficient_balance',
        transaction_id: null,
        trader_position_id: traderPos.id,
      }),
    ]);
    // the copies list
    const cur = ok<CopyPage<CopyTrade>>(
      await k.call('GET', '/api/follow/historyTrade', multi.token, { status: 'current' }),
    );
    expect(cur.list).toEqual([
      expect.objectContaining({
        status: 'open',
        transaction_id: a.id,
        lots: '15',
        trader_lots: '10',
        trader_nickname: 'Steady Hands',
      }),
    ]);
    emit.mockRestore();
  });

  it('a repeated event or the sweep never copies twice', async () => {
    const row = await k.app.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', '=', traderPos.id)
      .executeTakeFirstOrThrow();
    expect(await mirrorOpened(k.app.trade.ctx, row)).toBe(0);
    await k.app.copytrade.sweep();
    await idle();
    expect(await positions(multi, 'position')).toHaveLength(1);
    expect(
      await k.app.db.selectFrom('copy_trades').select('id').where('trader_position_id', '=', traderPos.id).execute(),
    ).toHaveLength(3);
  });

  it('the trader’s close closes the copies at market; P&L equals core and the journal', async () => {
    await k.tick('BTC/USDT', '51000');
    const closed = ok<LeverPosition>(await k.call('POST', '/api/lever/close', trader.token, { id: traderPos.id }));
    expect(closed).toMatchObject({ status: 3, close_price: '51000', profits: '10' });
    await idle();
    const [a] = await positions(multi, 'history');
    const [b] = await positions(lots, 'history');
    expect(a).toMatchObject({
      status: 3,
      close_reason: 'copy',
      close_price: '51000',
      profits: positionPnl({ side: 'long', lots: '15', lotSize: '0.001', multiple: '5', openPrice: '50000' }, '51000'),
    });
    expect(a.profits).toBe('15');
    expect(b).toMatchObject({ status: 3, close_reason: 'copy', profits: '2' });
    expect(await journal(multi.id, a.id)).toEqual([
      ['lever_margin', '-150', '150'],
      ['lever_fee', '-0.375', '0'],
      ['lever_margin_release', '150', '-150'],
      ['lever_profit', '15', '0'],
    ]);
    expect(await k.balance(multi.id, USDT, LEVER)).toEqual({ available: '10014.625', frozen: '0' });
    expect(await k.balance(lots.id, USDT, LEVER)).toEqual({ available: '10001.95', frozen: '0' });
    const hist = ok<CopyPage<CopyTrade>>(
      await k.call('GET', '/api/follow/historyTrade', multi.token, { status: 'history' }),
    );
    expect(hist.list[0]).toMatchObject({
      status: 'closed',
      profit: '15',
      close_price: '51000',
      margin: '150',
      fee: '0.375',
    });
    expect(
      ok<CopyPage<CopyTrade>>(await k.call('GET', '/api/follow/historyTrade', multi.token, { status: 'current' }))
        .total,
    ).toBe(0);
  });

  it('self-holding keeps a copy open through the trader’s close; only its owner may do it', async () => {
    await k.tick('BTC/USDT', '50000');
    const pos = ok<LeverPosition>(
      await k.call('POST', '/api/lever/submit', trader.token, {
        currency_id: BTC,
        legal_id: USDT,
        type: 'short',
        share: '4',
        multiple: 5,
      }),
    );
    await idle();
    const [a] = await positions(multi, 'position');
    const [b] = await positions(lots, 'position');
    expect(a).toMatchObject({ type: 2, share: '6', order_type: 2 });
    expect(await k.call('POST', '/api/follow/selfHolding', lots.token, { transaction_id: a.id })).toMatchObject({
      type: 'error',
      message: 'Copied position not found',
    });
    expect(await k.call('POST', '/api/follow/selfHolding', trader.token, { transaction_id: pos.id })).toMatchObject({
      type: 'error',
      message: 'This position is no longer a copy that follows a trader',
    });
    expect(
      ok<CopyTrade>(await k.call('POST', '/api/follow/selfHolding', multi.token, { transaction_id: a.id })),
    ).toMatchObject({ status: 'self_held', transaction_id: a.id });
    expect(await k.call('POST', '/api/follow/selfHolding', multi.token, { transaction_id: a.id })).toMatchObject({
      type: 'error',
    });
    expect((await positions(multi, 'position'))[0]).toMatchObject({ id: a.id, order_type: 1 });

    await k.tick('BTC/USDT', '49500');
    ok(await k.call('POST', '/api/lever/close', trader.token, { id: pos.id }));
    await idle();
    expect(await positions(multi, 'position')).toEqual([expect.objectContaining({ id: a.id, status: 1 })]); // still open: the follower's own
    expect((await positions(lots, 'history'))[0]).toMatchObject({ id: b.id, close_reason: 'copy', profits: '1' }); // (50000 − 49500) × 2 × 0.001
    ok(await k.call('POST', '/api/lever/close', multi.token, { id: a.id })); // the follower closes it when they like
    await idle();
  });

  it('a copy the follower closes by hand leaves the current list', async () => {
    const pos = ok<LeverPosition>(
      await k.call('POST', '/api/lever/submit', trader.token, {
        currency_id: BTC,
        legal_id: USDT,
        type: 'long',
        share: '1',
        multiple: 5,
      }),
    );
    await idle();
    const [b] = await positions(lots, 'position');
    ok(await k.call('POST', '/api/lever/close', lots.token, { id: b.id }));
    await idle();
    expect(
      ok<CopyPage<CopyTrade>>(await k.call('GET', '/api/follow/historyTrade', lots.token, { status: 'current' })).total,
    ).toBe(0);
    ok(await k.call('POST', '/api/lever/close', trader.token, { id: pos.id }));
    await idle();
    expect((await positions(lots, 'history'))[0]).toMatchObject({ id: b.id, close_reason: 'user' });
  });

  it('cancel stops future copies', async () => {
    expect(
      ok<Follow>(await k.call('POST', '/api/follow/cancel', lots.token, { follow_user_id: trader.id })),
    ).toMatchObject({ id: follows.lots.id, status: 'cancelled' });
    expect(await k.call('POST', '/api/follow/cancel', lots.token, { follow_user_id: trader.id })).toMatchObject({
      type: 'error',
      message: 'This follow is already cancelled',
    });
    const pos = ok<LeverPosition>(
      await k.call('POST', '/api/lever/submit', trader.token, {
        currency_id: BTC,
        legal_id: USDT,
        type: 'long',
        share: '2',
        multiple: 5,
      }),
    );
    await idle();
    expect(await positions(lots, 'position')).toEqual([]);
    expect(await positions(multi, 'position')).toEqual([expect.objectContaining({ share: '3', order_type: 2 })]);
    const detail = fromTraderDetailRow(
      ok<TraderDetailRow>(await k.call('GET', '/api/follow/traderDetail', lots.token, { trader_user_id: trader.id })),
    );
    expect(detail).toMatchObject({ my_state: 'cancelled' });
    expect(detail.open_positions.map((p) => p.id)).toEqual([pos.id]); // only the trader's own
    await k.tick('BTC/USDT', '49000');
    ok(await k.call('POST', '/api/lever/close', trader.token, { id: pos.id }));
    await idle();
  });

  it('the hourly figures come from the trader’s real closed positions', async () => {
    await k.app.copytrade.recomputeStats();
    const [card] = fromTraderPage(ok<Paginator<TraderRow>>(await k.call('GET', '/api/follow/index', other.token))).list;
    // closes: +10 (long 10 @50000→51000), +2 (short 4 @50000→49500), −0 (long 1 @49500→49500), −1 (long 2 @49500→49000)
    const own = await k.app.db
      .selectFrom('lever_orders')
      .select('profit')
      .where('user_id', '=', trader.id)
      .where('status', '=', 'closed')
      .execute();
    const total = own.reduce((s, r) => s + Number(r.profit), 0);
    const wins = own.filter((r) => Number(r.profit) > 0).length;
    expect(card).toMatchObject({
      trader_user_id: trader.id,
      closed_count: own.length,
      win_count: wins,
      total_profit: String(total),
      multiple: 5,
      follower_count: 2,
    });
    expect(card.accuracy).toBe((Math.floor((wins / own.length) * 10000) / 100).toFixed(2));
    // follow amount = Σ margin of every copy opened: 150 + 20 + 150 (6 lots short) + 10 (1) + 5 (1) + 15... read from the positions themselves
    const margins = await k.app.db
      .selectFrom('copy_trades as c')
      .innerJoin('lever_orders as o', 'o.id', 'c.follower_position_id')
      .select('o.margin')
      .where('c.trader_id', '=', trader.id)
      .execute();
    expect(Number(card.follow_amount)).toBe(margins.reduce((s, r) => s + Number(r.margin), 0));
    expect(card.stats_at).not.toBeNull();
  });
});
