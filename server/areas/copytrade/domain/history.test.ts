/**
 * The demo traders' past, as someone opening the copy-trading page right after a first start sees
 * it: with no stored candles nothing historical is seeded (and the log says so); once the market's
 * backfilled candles are there, each demo trader has weeks of closed trades at those candles'
 * prices, with followers, follow amount, profit and accuracy that are not zero; every balance
 * equals its journal and reads as grant + P&L − fees; `npm run verify` recomputes every seeded
 * close and catches a tampered one; a second seed adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ACCOUNT_TYPES,
  ExactDecimal,
  fromTraderDetailRow,
  fromTraderPage,
  type Paginator,
  type TraderDetailRow,
  type TraderRow,
} from '../../../../core';
import { checkJournalConsistency } from '../../../db/ledger';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { envelope, post } from '../../../testing/app';
import { backfillRows, backfillSymbol } from '../../../market/store/backfill';
import { marketInstruments } from '../../../market/feed/instruments';
import { leverChecker } from '../../../verify/checkers/lever';
import { DEMO_FOLLOWERS, DEMO_TRADERS, seedDemoTraders } from './demo';

const LEVER = ACCOUNT_TYPES.lever;
const DAY = 86_400_000;
let k: Kit;
let now = 0;
const logs: string[] = [];
const log = { info: (_o: object, msg?: string) => void logs.push(msg ?? '') };

async function counts() {
  const n = async (table: 'lever_orders' | 'journal' | 'copy_follows' | 'copy_trades' | 'users') =>
    Number(
      (
        await k.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await n('lever_orders'),
    journal: await n('journal'),
    follows: await n('copy_follows'),
    copies: await n('copy_trades'),
    users: await n('users'),
  };
}

beforeAll(async () => {
  k = await createKit();
  now = k.clock.now;
});
afterAll(async () => {
  await k?.t.close();
});

describe('demo traders’ past', () => {
  it('without stored candles: the traders exist, no past is seeded, and the log says why', async () => {
    const ids = await seedDemoTraders(k.app.db, log, now);
    expect(ids).toHaveLength(DEMO_TRADERS.length);
    expect((await counts()).orders).toBe(0);
    expect(logs.some((m) => m.includes('no stored 60min/4hour candles'))).toBe(true);
  });

  it('with candles but DEMO_COPY_HISTORY=off: the traders exist, no past and no followers are seeded, and the log says why', async () => {
    // the market's own first-start backfill, hourly and 4-hour bars of the symbols the styles trade
    for (const ins of marketInstruments(0, 1).filter((i) =>
      ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT'].includes(i.symbol),
    )) {
      const rows = backfillRows(ins.symbol, backfillSymbol(ins, 1, now, ins.price)).filter(
        (r) => r.period === '60min' || r.period === '4hour',
      );
      for (let i = 0; i < rows.length; i += 500)
        await k.app.db
          .insertInto('candles')
          .values(rows.slice(i, i + 500))
          .execute();
    }
    const before = await counts();
    const ids = await seedDemoTraders(k.app.db, log, now, { history: false });
    expect(ids).toHaveLength(DEMO_TRADERS.length);
    expect(await counts()).toEqual(before);
    expect(logs.some((m) => m.includes('DEMO_COPY_HISTORY=off'))).toBe(true);
  });

  it('with the backfilled candles: weeks of real-priced closed trades, copied by demo followers, and figures that are not zero', async () => {
    // the candles of the test before; a start with the history on seeds it on traders that already exist
    const ids = await seedDemoTraders(k.app.db, log, now);
    await k.app.copytrade.recomputeStats();
    const list = fromTraderPage((await k.call('GET', '/api/follow/index', '')).message as Paginator<TraderRow>);
    const demo = list.list.filter((c) => ids.includes(c.trader_user_id));
    expect(demo).toHaveLength(3);
    for (const c of demo) {
      expect(c.demo).toBe(true);
      expect(c.closed_count).toBeGreaterThanOrEqual(30);
      expect(c.closed_count).toBeLessThanOrEqual(80);
      expect(Number(c.total_profit)).not.toBe(0);
      expect(Number(c.accuracy)).toBeGreaterThan(30);
      expect(Number(c.accuracy)).toBeLessThan(95);
      expect(c.follower_count).toBeGreaterThanOrEqual(2);
      expect(Number(c.follow_amount)).toBeGreaterThan(0);
      expect(c.multiple).toBeGreaterThan(0);
    }

    // the introduction in the reader's language (seeded content per language), the trader's page too
    const fr = fromTraderPage(
      envelope(await post(k.app, '/api/follow/index', {}, { lang: 'fra' })).message as Paginator<TraderRow>,
    );
    expect(fr.list.find((c) => c.trader_user_id === ids[0])?.introduction).toMatch(/^Compte de démo/);
    const hk = fromTraderDetailRow(
      envelope(await post(k.app, '/api/follow/traderDetail', { trader_user_id: ids[1] }, { lang: 'hk' }))
        .message as TraderDetailRow,
    );
    expect(hk.introduction).toMatch(/^示範帳戶/);
    expect(demo.find((c) => c.trader_user_id === ids[0])?.introduction).toMatch(/^Demo account/);

    // weeks of it, all in the past, each trade within one UTC day and at the candles' prices
    const own = await k.app.db.selectFrom('lever_orders').selectAll().where('user_id', 'in', ids).execute();
    const first = Math.min(...own.map((o) => o.opened_at!.getTime()));
    expect(now - first).toBeGreaterThan(28 * DAY);
    for (const o of own) {
      expect(o.status).toBe('closed');
      expect(o.closed_at!.getTime()).toBeLessThanOrEqual(now);
      expect(Math.floor((o.closed_at!.getTime() - 1) / DAY)).toBe(Math.floor(o.opened_at!.getTime() / DAY));
    }
    const symbols = new Set(own.map((o) => o.symbol));
    expect(symbols.size).toBeGreaterThanOrEqual(3);
    expect(new Set(own.map((o) => o.side)).size).toBe(2);

    // balances equal journals, and each trader's balance is the grant + Σ P&L − Σ fees
    expect(await checkJournalConsistency(k.app.db)).toEqual([]);
    for (const id of ids) {
      const mine = own.filter((o) => o.user_id === id);
      const expected = mine.reduce((s, o) => s.plus(o.profit ?? 0).minus(o.fee), new ExactDecimal(20000));
      const b = await k.balance(id, 4, LEVER);
      expect(b).toEqual({ available: expected.toFixed(), frozen: '0' });
      // the card's ROI and P&L curve are these same closes, net of fees, over their margin
      const card = demo.find((c) => c.trader_user_id === id)!;
      const net = mine.reduce(
        (s, o) =>
          s
            .plus(o.profit ?? 0)
            .minus(o.fee)
            .minus(o.overnight_fee),
        new ExactDecimal(0),
      );
      const margin = mine.reduce((s, o) => s.plus(o.margin), new ExactDecimal(0));
      expect(card.roi).toBe(net.div(margin).times(100).toFixed(2, ExactDecimal.ROUND_DOWN));
      expect(card.pnl_curve.at(-1)!.pnl).toBe(net.toFixed());
      expect(card.pnl_curve.length).toBeGreaterThanOrEqual(28);
      expect(card.pnl_curve.at(-1)!.day).toBe(Math.floor(now / DAY) * DAY);
    }
    // the followers came with the past: clearly DEMO, and each journal (grant, then the copies) is
    // dated when each move happened, in the order it is numbered
    const followers = await k.app.db
      .selectFrom('users')
      .select(['id', 'nickname'])
      .where(
        'email',
        'in',
        DEMO_FOLLOWERS.map((f) => f.email),
      )
      .execute();
    expect(followers).toHaveLength(DEMO_FOLLOWERS.length);
    for (const f of followers) {
      expect(f.nickname).toMatch(/^DEMO /);
      const j = await k.app.db
        .selectFrom('journal')
        .select(['reason', 'created_at'])
        .where('user_id', '=', f.id)
        .orderBy('id')
        .execute();
      expect(j[0]).toMatchObject({ reason: 'demo_grant' });
      expect(j[0].created_at.getTime()).toBeLessThan(first);
      for (let i = 1; i < j.length; i++)
        expect(j[i].created_at.getTime()).toBeGreaterThanOrEqual(j[i - 1].created_at.getTime());
      expect(j.at(-1)!.created_at.getTime()).toBeLessThanOrEqual(now);
    }
  }, 180_000);

  it('verify recomputes every seeded close from the stored candles and catches a tampered price', async () => {
    const rows = await leverChecker.check(k.app.db);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    const victim = await k.app.db
      .selectFrom('lever_orders')
      .select(['id', 'close_price'])
      .where('price_candle', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`UPDATE lever_orders SET close_price = close_price * 1.01 WHERE id = ${victim.id}`.execute(k.app.db);
    const bad = (await leverChecker.check(k.app.db)).filter((r) => !r.ok);
    expect(bad.map((r) => r.id)).toEqual([String(victim.id)]);
    expect(bad[0].expected).toContain('candle');
    await k.app.db
      .updateTable('lever_orders')
      .set({ close_price: victim.close_price })
      .where('id', '=', victim.id)
      .execute();
  });

  it('a second seed (a restart) adds nothing', async () => {
    const before = await counts();
    await seedDemoTraders(k.app.db, log, now + 60_000);
    expect(await counts()).toEqual(before);
  });
});
