/**
 * Kill -9 a process in the middle of its spot orders (placeSpotOrder: the symbol's engine steps,
 * one element each of the spot group commit), crossing each other: every order it was told had
 * committed is there; every order, fill and journal row is there once and whole — an order's
 * filled quantity is its fills', each fill has its two journal rows, each resting order holds
 * exactly its remainder's funds and has one freeze — and no money was made or lost between the
 * users but the fees. Then a restart loads the book the database holds and it trades on. How a
 * batch is surely in flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, ExactDecimal } from '../../../../core';
import { TEST_USDT as USDT } from '../../../testing/ledger-kit';
import {
  crashTestDb,
  crashUsers,
  expectAckedCommitted,
  killMidBatch,
  orphanMoves,
} from '../../../testing/kill-mid-batch';
import { checkJournalConsistency } from '../../../db/ledger';
import { BookService } from '../../../market/books/service';
import { createTradeContext, placeSpotOrder, seedTrade, type TradeContext } from '.';
import { buyFrozen } from './matching/fees';

const N = 12;
const LTC = 5;
const SYMBOL = 'LTC/USDT';
const D = (v: string | number) => new ExactDecimal(v);
const t = crashTestDb((h) => seedTrade(h.db));

/** Rows that are not once and whole: an order whose filled is not its fills', a fill without exactly its two journal rows, a resting order without one freeze. */
function broken() {
  return sql<{ what: string; id: number }>`
    SELECT 'order filled' AS what, o.id FROM spot_orders o LEFT JOIN spot_fills x ON x.order_id = o.id
      WHERE o.symbol = ${SYMBOL} GROUP BY o.id, o.filled HAVING o.filled <> coalesce(sum(x.qty), 0)
    UNION ALL
    SELECT 'fill journal', x.id FROM spot_fills x LEFT JOIN journal j ON j.ref_type = 'spot_fill' AND j.ref_id = x.id::text
      WHERE x.symbol = ${SYMBOL} GROUP BY x.id HAVING count(j.id) <> 2
    UNION ALL
    SELECT 'freeze', o.id FROM spot_orders o LEFT JOIN journal j ON j.ref_type = 'spot_order' AND j.ref_id = o.id::text
        AND j.reason = 'spot_order_freeze'
      WHERE o.symbol = ${SYMBOL} GROUP BY o.id, o.status
      HAVING count(j.id) > 1 OR (o.status IN ('open', 'partially_filled') AND count(j.id) <> 1)`
    .execute(t.h.db)
    .then((r) => r.rows);
}

/** Σ available + frozen of `users` on the change account, per currency. */
async function held(users: number[]): Promise<Map<number, string>> {
  const r = await sql<{ c: number; v: string }>`
    SELECT currency_id AS c, sum(available + frozen)::text AS v FROM accounts
    WHERE user_id IN (${sql.join(users)}) AND type = ${ACCOUNT_TYPES.change} GROUP BY currency_id`.execute(t.h.db);
  return new Map(r.rows.map((x) => [x.c, D(x.v).toFixed()]));
}

async function restingRows() {
  return t.h.db
    .selectFrom('spot_orders')
    .selectAll()
    .where('symbol', '=', SYMBOL)
    .where('status', 'in', ['open', 'partially_filled'])
    .execute();
}

/** A trading context as the restarted engine builds it (the venue's book far away, as the child's). */
function restart(): Promise<TradeContext> {
  const venue = { symbol: SYMBOL, version: 1, bids: [{ price: '1', qty: '1' }], asks: [{ price: '1000', qty: '1' }] };
  const books = new BookService({ feed: { book: (s) => (s === SYMBOL ? venue : undefined) }, now: Date.now });
  const market = {
    lastPrice: (s: string) => (s === SYMBOL ? { price: '100', seq: 1, ts: Date.now() } : undefined),
    emitToUser: () => undefined,
    books,
  } as unknown as TradeContext['market'];
  return createTradeContext(t.h.db, market);
}

describe('spot orders under kill -9', () => {
  it('leaves each order, fill and journal row once and whole, every acknowledged order committed, and the book reloads', async () => {
    const h = t.h;
    const users = await crashUsers(h.db, N, { amount: '100000' }, { amount: '1000', currencyId: LTC });
    const before = await held(users);
    const acked = await killMidBatch(h, {
      script: 'server/testing/spot-child.ts',
      users,
      acks: 300,
      statement: 'spot_step_batch',
    });
    const ids = await h.db.selectFrom('spot_orders').select('id').where('symbol', '=', SYMBOL).execute();
    expectAckedCommitted(acked, new Set(ids.map((r) => String(r.id))), 'order');
    expect(await broken()).toEqual([]);
    expect(await orphanMoves(h.db, 'spot_order', 'spot_orders', users), 'moves without their order').toBe(0);
    expect(await orphanMoves(h.db, 'spot_fill', 'spot_fills', users), 'moves without their fill').toBe(0);
    const fees = await sql<{ v: string; n: number }>`
      SELECT coalesce(sum(fee), 0)::text AS v, count(*)::int AS n FROM spot_fills WHERE symbol = ${SYMBOL}`.execute(
      h.db,
    );
    expect(fees.rows[0].n, 'the orders crossed').toBeGreaterThan(0);
    const after = await held(users);
    expect(after.get(LTC)).toBe(before.get(LTC));
    expect(
      D(after.get(USDT) as string)
        .plus(fees.rows[0].v)
        .toFixed(),
    ).toBe(before.get(USDT));
    const open = await restingRows();
    for (const o of open) {
      const left = D(o.amount).minus(o.filled).toFixed();
      const want = o.side === 'buy' ? buyFrozen(left, o.target_price as string, o.fee_rate) : left;
      expect(D(o.frozen).toFixed(), `order ${o.id}`).toBe(D(want).toFixed());
    }
    expect(await checkJournalConsistency(h.db)).toEqual([]);
    // the restart: the book is the database's resting orders, and a crossing order fills against them
    const ctx = await restart();
    const book = ctx.market.books.book(SYMBOL);
    const mem = [...book.resting('bid'), ...book.resting('ask')].map((o) => `${o.id}:${o.remaining}`).sort();
    expect(mem).toEqual(open.map((o) => `${o.id}:${D(o.amount).minus(o.filled).toFixed()}`).sort());
    const bid = book.resting('bid')[0];
    expect(bid, 'a buy rests after the run').toBeDefined();
    const seller = users.find((u) => u !== bid.userId) as number;
    const sold = await placeSpotOrder(ctx, seller, {
      symbol: SYMBOL,
      side: 'sell',
      amount: '0.5',
      targetPrice: bid.price,
    });
    expect(sold).toMatchObject({ status: 'filled', filled: '0.5', fill_price: bid.price });
    expect(await broken()).toEqual([]);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
