/**
 * Seconds options on the micro account (type 4). Submitting freezes the stake and records the
 * feed's current price and its tick seq as the buy price. At expiry the result is decided ONLY by
 * the feed: the end price is the last tick at or before the expiry instant (the buy tick itself
 * when none came after it); core secondsPayout decides win / lose / tie. The order keeps both
 * prices and both seqs so the user can check it. No code path lets anyone set a result.
 */
import { sql, type Selectable } from 'kysely';
import {
  ACCOUNT_TYPES,
  ExactDecimal,
  SECONDS_STATUS,
  SECONDS_TYPE,
  ratioPercent,
  secondsPayout,
  type SecondsConfig,
  type SecondsOrder,
  type SecondsPayableCurrency,
  type SecondsType,
  type TradePage,
} from '../../../../core';
import { AppError } from '../../../errors';
import type { SecondsOrdersTable } from '../tables';
import { currentPrice, pairByIds, userLock, type TradeContext, type Trx } from './context';
import { inTx, notice, type Moves } from './events';
import { assertMarketOpen } from './spot';
import { parseAmount } from './amounts';
import type { TickRef } from './books';
import { lastDurableTick, recordTick } from './ticks';
import { enqueueSecondsSettle } from './seconds-queue';
import { answerInTx } from '../../../db/idempotency-scope';
import { canon, canonOrNull, shownMoney } from '../../../kernel/decimal';

const MICRO = ACCOUNT_TYPES.micro;
/** Stake currencies: USDT (4) and USDC (3). */
export const PAYABLE_CURRENCIES = [4, 3];

const SECONDS_SEED = [
  { seconds: 30, profit_ratio: '0.15', min_amount: '10', max_amount: '10000' },
  { seconds: 60, profit_ratio: '0.25', min_amount: '20', max_amount: '20000' },
  { seconds: 120, profit_ratio: '0.35', min_amount: '50', max_amount: '50000' },
  { seconds: 300, profit_ratio: '0.5', min_amount: '100', max_amount: '100000' },
];

type Row = Selectable<SecondsOrdersTable>;

export async function seedSecondsConfigs(ctx: Pick<TradeContext, 'db'>): Promise<void> {
  await ctx.db
    .insertInto('seconds_configs')
    .values(SECONDS_SEED)
    .onConflict((oc) => oc.column('seconds').doNothing())
    .execute();
}

export async function secondsConfigs(ctx: TradeContext): Promise<SecondsConfig[]> {
  const rows = await ctx.db
    .selectFrom('seconds_configs')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('seconds')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    seconds: r.seconds,
    profit_ratio: ratioPercent(canon(r.profit_ratio)),
    min_amount: canon(r.min_amount),
    max_amount: canon(r.max_amount),
  }));
}

export async function payableCurrencies(ctx: TradeContext, userId: number): Promise<SecondsPayableCurrency[]> {
  const [cur, acc] = await Promise.all([
    ctx.db
      .selectFrom('currencies')
      .select(['id', 'name', 'qty_decimals'])
      .where('id', 'in', PAYABLE_CURRENCIES)
      .execute(),
    ctx.db
      .selectFrom('accounts')
      .select(['currency_id', 'available', 'frozen'])
      .where('user_id', '=', userId)
      .where('type', '=', MICRO)
      .where('currency_id', 'in', PAYABLE_CURRENCIES)
      .execute(),
  ]);
  return PAYABLE_CURRENCIES.flatMap((id) => {
    const c = cur.find((x) => x.id === id);
    const a = acc.find((x) => x.currency_id === id);
    const balance = canon(a?.available ?? '0');
    return c
      ? [
          {
            id,
            name: c.name,
            user_wallet: {
              micro_balance: balance,
              lock_micro_balance: canon(a?.frozen ?? '0'),
              micro_with_insurance: balance,
            },
          },
        ]
      : [];
  });
}

function toSecondsOrder(ctx: TradeContext, r: Row, currency: string): SecondsOrder {
  const pair = ctx.settings.get(r.symbol);
  return {
    id: r.id,
    symbol_name: r.symbol,
    match_id: pair?.currencyId ?? 0,
    currency_id: r.currency_id,
    currency,
    type: SECONDS_TYPE[r.type],
    seconds: r.seconds,
    number: canon(r.number),
    profit_ratio: ratioPercent(canon(r.profit_ratio)),
    status: SECONDS_STATUS[r.status],
    open_price: canon(r.buy_price),
    buy_seq: Number(r.buy_seq),
    buy_ts: Number(r.buy_ts),
    end_price: canonOrNull(r.end_price),
    end_seq: r.end_seq === null ? null : Number(r.end_seq),
    end_ts: r.end_ts === null ? null : Number(r.end_ts),
    expires_at: Number(r.expires_at),
    expected_profit: new ExactDecimal(r.number).times(r.profit_ratio).toFixed(), // = secondsPayout's profit on a win, exact
    result: r.result,
    payout: canonOrNull(r.payout),
    fact_profits: canonOrNull(r.profit),
    created_at: r.created_at.getTime(),
    handled_at: r.settled_at?.getTime() ?? null,
    remain_milli_seconds: r.status === 'pending' ? Math.max(0, Number(r.expires_at) - ctx.now()) : 0,
  };
}

async function currencyName(ctx: TradeContext, id: number): Promise<string> {
  const c = await ctx.db.selectFrom('currencies').select('name').where('id', '=', id).executeTakeFirst();
  return c?.name ?? '';
}

export interface SubmitSeconds {
  matchId: number;
  currencyId: number;
  type: SecondsType;
  seconds: number;
  number: unknown;
}

export async function submitSeconds(ctx: TradeContext, userId: number, req: SubmitSeconds): Promise<SecondsOrder> {
  const pair = pairByIds(ctx, req.matchId);
  if (!PAYABLE_CURRENCIES.includes(req.currencyId)) throw new AppError('trade_currency_not_payable');
  const cfg = await ctx.db
    .selectFrom('seconds_configs')
    .selectAll()
    .where('seconds', '=', req.seconds)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!cfg) throw new AppError('trade_seconds_invalid');
  const cur = await ctx.db
    .selectFrom('currencies')
    .select(['name', 'qty_decimals'])
    .where('id', '=', req.currencyId)
    .executeTakeFirstOrThrow();
  const stake = parseAmount(req.number, { decimals: cur.qty_decimals, min: cfg.min_amount, max: cfg.max_amount });
  assertMarketOpen(ctx, pair);
  const buy = currentPrice(ctx, pair.symbol);
  const now = ctx.now();
  const expiresAt = now + cfg.seconds * 1000;
  const row = await userLock(ctx, userId, () =>
    inTx(ctx, async (trx, moves) => {
      const r = await trx
        .insertInto('seconds_orders')
        .values({
          user_id: userId,
          symbol: pair.symbol,
          currency_id: req.currencyId,
          type: req.type,
          seconds: cfg.seconds,
          number: stake,
          profit_ratio: cfg.profit_ratio,
          status: 'pending',
          buy_price: buy.price,
          buy_seq: buy.seq,
          buy_ts: buy.ts,
          expires_at: expiresAt,
          created_at: new Date(now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordTick(trx, pair.symbol, buy);
      await moves.freeze({
        userId,
        currencyId: req.currencyId,
        type: MICRO,
        amount: stake,
        reason: 'seconds_stake',
        ref: { type: 'seconds_order', id: r.id },
      });
      await enqueueSecondsSettle(trx, r.id, expiresAt, now); // the backstop, committed with the order
      await answerInTx(trx, userId, toSecondsOrder(ctx, r, cur.name)); // a retry's answer, committed with the order
      return r;
    }),
  );
  ctx.books.seconds.add({
    id: row.id,
    userId,
    symbol: row.symbol,
    type: row.type,
    expiresAt,
    mark: { price: buy.price, seq: buy.seq, ts: buy.ts },
  });
  const out = toSecondsOrder(ctx, row, cur.name);
  ctx.market.emitToUser(userId, 'seconds', out);
  return out;
}

/** Settles one pending order with its end tick; null when it was already settled. */
export async function settleSeconds(
  ctx: TradeContext,
  entry: { id: number; userId: number; symbol: string },
  end: TickRef,
): Promise<SecondsOrder | null> {
  const row = await userLock(ctx, entry.userId, () =>
    inTx(ctx, async (trx, moves) => {
      const settled = await settleRow(ctx, trx, entry.id, end);
      if (!settled) return null;
      const { r, payout } = settled;
      await recordTick(trx, r.symbol, end); // the deciding tick is on record once the outcome is
      await payOut(moves, r, payout);
      return r;
    }),
  );
  ctx.books.seconds.remove(entry.symbol, entry.id);
  if (!row) return null;
  const out = toSecondsOrder(ctx, row, await currencyName(ctx, row.currency_id));
  announceSettled(ctx, row.user_id, out);
  return out;
}

/** The pending order decided by the end tick (core secondsPayout), once, with its payout: null when it is not pending. */
async function settleRow(
  ctx: TradeContext,
  trx: Trx,
  id: number,
  end: TickRef,
): Promise<{ r: Row; payout: string } | null> {
  const cur = await trx
    .selectFrom('seconds_orders')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!cur) return null;
  const { result, payout, profit } = secondsPayout({
    direction: cur.type,
    stake: canon(cur.number),
    profitRatio: canon(cur.profit_ratio),
    openPrice: canon(cur.buy_price),
    closePrice: end.price,
  });
  const r = await trx
    .updateTable('seconds_orders')
    .set({
      status: 'settled',
      end_price: end.price,
      end_seq: end.seq,
      end_ts: end.ts,
      result,
      payout,
      profit,
      settled_at: new Date(ctx.now()),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return r ? { r, payout } : null;
}

/** The stake leaves the frozen balance; a payout (stake and profit, or the stake back on a tie) is credited. */
async function payOut(moves: Moves, r: Row, payout: string): Promise<void> {
  const ref = { type: 'seconds_order', id: r.id };
  await moves.settleFrozen({
    userId: r.user_id,
    currencyId: r.currency_id,
    type: MICRO,
    amount: canon(r.number),
    reason: 'seconds_stake_settle',
    ref,
  });
  if (payout !== '0')
    await moves.credit({
      userId: r.user_id,
      currencyId: r.currency_id,
      type: MICRO,
      amount: payout,
      reason: 'seconds_payout',
      ref,
    });
}

/** Committed: the owner's order and its notice. */
function announceSettled(ctx: TradeContext, userId: number, out: SecondsOrder): void {
  ctx.market.emitToUser(userId, 'seconds', out);
  ctx.market.emitToUser(
    userId,
    'notice',
    notice(
      'seconds_settled',
      'notice_seconds_settled',
      {
        symbol: out.symbol_name,
        seconds: String(out.seconds),
        result: out.result ?? '',
        profit: shownMoney(out.fact_profits, out.currency),
      },
      { type: 'seconds', id: out.id },
    ),
  );
}

export interface SecondsListFilter {
  symbol?: string;
  status?: 'pending' | 'settled';
  page: number;
  limit: number;
}

export async function listSeconds(
  ctx: TradeContext,
  userId: number,
  f: SecondsListFilter,
): Promise<TradePage<SecondsOrder>> {
  let q = ctx.db
    .selectFrom('seconds_orders as s')
    .innerJoin('currencies as c', 'c.id', 's.currency_id')
    .where('s.user_id', '=', userId);
  if (f.symbol) q = q.where('s.symbol', '=', f.symbol);
  if (f.status) q = q.where('s.status', '=', f.status);
  const [rows, count] = await Promise.all([
    q
      .selectAll('s')
      .select('c.name as currency_name')
      .orderBy('s.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => toSecondsOrder(ctx, r, r.currency_name)),
    page: f.page,
    limit: f.limit,
    total: count.n,
    has_more: f.page * f.limit < count.n,
  };
}

export async function secondsResult(ctx: TradeContext, userId: number, id: number): Promise<SecondsOrder> {
  const r = await ctx.db.selectFrom('seconds_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r || r.user_id !== userId) throw new AppError('trade_order_not_found');
  return toSecondsOrder(ctx, r, await currencyName(ctx, r.currency_id));
}

/**
 * Restart: pending orders go back into the book, each marked with the last DURABLE tick at or
 * before its expiry (market_ticks; the buy tick when none came after it). Ticks held only in
 * memory when the process died never happened as far as outcomes go (the feed resumes after the
 * last durable seq), and ticks produced after the restart come after any expiry that passed
 * during the outage.
 */
export async function loadSecondsBook(ctx: TradeContext): Promise<void> {
  const rows = await ctx.db.selectFrom('seconds_orders').selectAll().where('status', '=', 'pending').execute();
  for (const r of rows) {
    const expiresAt = Number(r.expires_at);
    const buy: TickRef = { price: canon(r.buy_price), seq: Number(r.buy_seq), ts: Number(r.buy_ts) };
    let mark = (await lastDurableTick(ctx.db, r.symbol, buy.seq, expiresAt)) ?? buy;
    // A tick applied since this start (before the watcher subscribed) counts too: it is live, and
    // settling records it.
    const live = ctx.market.lastPrice(r.symbol);
    if (live && live.seq > mark.seq && live.ts <= expiresAt) mark = { price: live.price, seq: live.seq, ts: live.ts };
    ctx.books.seconds.add({ id: r.id, userId: r.user_id, symbol: r.symbol, type: r.type, expiresAt, mark });
  }
}
