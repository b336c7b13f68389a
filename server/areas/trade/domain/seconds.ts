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
  type BalanceEvent,
  type SecondsConfig,
  type SecondsOrder,
  type SecondsPayableCurrency,
  type SecondsType,
  type TradePage,
} from '../../../../core';
import { AppError } from '../../../errors';
import type { SecondsOrdersTable } from '../tables';
import { currentPrice, pairByIds, type TradeContext } from './context';
import { notice } from './events';
import { assertMarketOpen } from './spot';
import { parseAmount } from './amounts';
import type { TickRef } from './books';
import { lastDurableTick } from './ticks';
import { secondsSettleJob } from './seconds-queue';
import { secondsWritersFor, type BalanceRow } from './seconds-commit';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
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

/**
 * The order as one element of the seconds group commit (seconds-commit.ts): the stake frozen, the
 * order, its buy tick, journal row and backstop job, and the request's idempotency key with this
 * answer, in one statement shared with the orders submitted meanwhile; a refused freeze writes
 * nothing. The answer is built here, its id filled in from the commit.
 */
export async function submitSeconds(
  ctx: TradeContext,
  userId: number,
  req: SubmitSeconds,
  reqKey?: IdempotencyScope,
): Promise<SecondsOrder> {
  const pair = pairByIds(ctx, req.matchId);
  if (!PAYABLE_CURRENCIES.includes(req.currencyId)) throw new AppError('trade_currency_not_payable');
  const [cfg, cur] = await Promise.all([
    ctx.db
      .selectFrom('seconds_configs')
      .selectAll()
      .where('seconds', '=', req.seconds)
      .where('status', '=', 1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('currencies')
      .select(['name', 'qty_decimals'])
      .where('id', '=', req.currencyId)
      .executeTakeFirstOrThrow(),
  ]);
  if (!cfg) throw new AppError('trade_seconds_invalid');
  const stake = parseAmount(req.number, { decimals: cur.qty_decimals, min: cfg.min_amount, max: cfg.max_amount });
  assertMarketOpen(ctx, pair);
  const buy = currentPrice(ctx, pair.symbol);
  const now = ctx.now();
  const expiresAt = now + cfg.seconds * 1000;
  const draft: Row = {
    id: 0,
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
    end_price: null,
    end_seq: null,
    end_ts: null,
    expires_at: expiresAt,
    result: null,
    payout: null,
    profit: null,
    created_at: new Date(now),
    settled_at: null,
  };
  const answer = toSecondsOrder(ctx, draft, cur.name);
  const key = keyToMark(reqKey, [userId]);
  const done = await secondsWritersFor(ctx.db).submit.submit({
    u: userId,
    c: req.currencyId,
    s: pair.symbol,
    ty: req.type,
    sec: cfg.seconds,
    a: stake,
    pr: cfg.profit_ratio,
    bp: buy.price,
    bq: buy.seq,
    bt: buy.ts,
    x: expiresAt,
    ca: draft.created_at.toISOString(),
    ...secondsSettleJob(expiresAt, now),
    ...(key ? { k: key.key, ans: answer, ...(key.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}) } : {}),
  });
  if (!done) throw new AppError('insufficient_balance');
  if (done.dup) throw new KeyTaken();
  const out = { ...answer, id: done.order_id };
  ctx.books.seconds.add({ id: out.id, userId, symbol: pair.symbol, type: req.type, expiresAt, mark: buy });
  ctx.market.emitToUser(userId, 'balance', balanceEvent(req.currencyId, done));
  ctx.market.emitToUser(userId, 'seconds', out);
  return out;
}

/** The micro account's `balance` event from a statement's row. */
function balanceEvent(currencyId: number, b: BalanceRow): BalanceEvent {
  return { currency_id: currencyId, type: MICRO, available: canon(b.avail), frozen: canon(b.froz) };
}

/**
 * Settles one pending order with its end tick (core secondsPayout decides), once: null when it was
 * already settled. One element of the seconds settlements' group commit (seconds-commit.ts):
 * the orders expiring together settle in one statement.
 */
export async function settleSeconds(
  ctx: TradeContext,
  entry: { id: number; userId: number; symbol: string },
  end: TickRef,
): Promise<SecondsOrder | null> {
  const done = await secondsWritersFor(ctx.db).settle.submit({
    id: entry.id,
    userId: entry.userId,
    end,
    at: ctx.now(),
  });
  ctx.books.seconds.remove(entry.symbol, entry.id);
  if (!done) return null;
  const out = toSecondsOrder(ctx, done.row, done.currency);
  ctx.market.emitToUser(entry.userId, 'balance', balanceEvent(done.row.currency_id, done.balance));
  announceSettled(ctx, done.row.user_id, out);
  return out;
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
