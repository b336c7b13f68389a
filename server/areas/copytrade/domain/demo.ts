/**
 * The local demo's copy traders: three clearly labelled DEMO accounts (nickname "DEMO …",
 * introduction saying so) with demo contract balances credited through the ledger (journal reason
 * 'demo_grant'), approved as traders, and a few DEMO followers following them. Seeded only where
 * the demo user is (config.demoUser: local start, not tests or production).
 * On the first seed each trader gets weeks of past closed trades priced from the market's stored
 * candles (history-plan.ts, history.ts), copied by the followers who followed by then, so the
 * figures (profit, accuracy, follow amount, followers) are real from the start; with no stored
 * candles (MARKET_BACKFILL=off) no past is seeded. A small driver then opens and closes their
 * positions on the simulated feed now and then.
 */
import { sql, type Kysely } from 'kysely';
import { DEMO_INTROS } from './demo-intros';
import { ACCOUNT_TYPES, COPY_TYPES, type CopyType } from '../../../../core';
import type { Database } from '../../../db/schema';
import { credit } from '../../../db/ledger';
import { hashPassword } from '../../../auth/passwords';
import { closePosition, loadPairSettings, submitLever, type TradeContext } from '../../trade/domain';
import { inTransaction } from '../../../db/tx';
import { historySeries, planTrades, rng, type PlannedTrade, type TradeStyle } from './history-plan';
import { historySeeded, loadHistoryBars, lockHistorySeed, writeHistory, type HistoryFollow } from './history';

export const DEMO_TRADER_PASSWORD = 'demo-copy-2024';
export const DEMO_TRADERS = [
  {
    email: 'demo.copy.alpha@example.com',
    nickname: 'DEMO Alpha',
    invite: 'DEMOCPYA',
    intro: 'Demo account: simulated BTC trend trades on demo balances, not real funds.',
  },
  {
    email: 'demo.copy.beta@example.com',
    nickname: 'DEMO Beta',
    invite: 'DEMOCPYB',
    intro: 'Demo account: short ETH swings on demo balances, not real funds.',
  },
  {
    email: 'demo.copy.gamma@example.com',
    nickname: 'DEMO Gamma',
    invite: 'DEMOCPYC',
    intro: 'Demo account: mixed majors on demo balances, not real funds.',
  },
] as const;
const GRANT = '20000';

/** Each demo trader's way of trading, in DEMO_TRADERS order. */
const DEMO_STYLES: readonly TradeStyle[] = [
  {
    symbols: ['BTC/USDT'],
    rule: 'trend',
    multiples: [10, 20],
    notional: [2000, 6000],
    holdHours: [3, 16],
    count: 60,
    skill: 0.34,
  },
  {
    symbols: ['ETH/USDT'],
    rule: 'swing',
    multiples: [5, 10],
    notional: [1500, 5000],
    holdHours: [2, 10],
    count: 45,
    skill: 0.38,
  },
  {
    symbols: ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT'],
    rule: 'mixed',
    multiples: [10, 20, 50],
    notional: [1000, 4000],
    holdHours: [1, 8],
    count: 75,
    skill: 0.28,
  },
];

/** The DEMO followers: who follows whom, how, and when (a fraction of the way through the history). */
export const DEMO_FOLLOWERS = [
  { email: 'demo.follower.1@example.com', nickname: 'DEMO Follower 1', invite: 'DEMOFLW1', grant: '15000' },
  { email: 'demo.follower.2@example.com', nickname: 'DEMO Follower 2', invite: 'DEMOFLW2', grant: '8000' },
  { email: 'demo.follower.3@example.com', nickname: 'DEMO Follower 3', invite: 'DEMOFLW3', grant: '25000' },
  { email: 'demo.follower.4@example.com', nickname: 'DEMO Follower 4', invite: 'DEMOFLW4', grant: '5000' },
] as const;
const FOLLOWS: readonly { follower: number; trader: number; type: CopyType; number: string; since: number }[] = [
  { follower: 0, trader: 0, type: COPY_TYPES.multiple, number: '0.5', since: 0.1 },
  { follower: 0, trader: 1, type: COPY_TYPES.lots, number: '40', since: 0.45 },
  { follower: 1, trader: 0, type: COPY_TYPES.multiple, number: '0.3', since: 0.3 },
  { follower: 2, trader: 0, type: COPY_TYPES.multiple, number: '1', since: 0.55 },
  { follower: 2, trader: 2, type: COPY_TYPES.multiple, number: '1.5', since: 0.2 },
  { follower: 3, trader: 1, type: COPY_TYPES.multiple, number: '0.5', since: 0.6 },
  { follower: 3, trader: 2, type: COPY_TYPES.lots, number: '5', since: 0.7 },
];

type Log = { info(obj: object, msg?: string): void };
type DemoAccount = { email: string; nickname: string; invite: string };

/** Creates a DEMO user with a contract-account grant (dated `at`); an existing one is left as it is. */
async function demoUser(
  db: Kysely<Database>,
  d: DemoAccount,
  grant: string,
  at: Date,
  trader?: { intro: string },
): Promise<number | null> {
  const found = await db.selectFrom('users').select('id').where('email', '=', d.email).executeTakeFirst();
  if (found) return found.id;
  const passwordHash = await hashPassword(DEMO_TRADER_PASSWORD);
  return inTransaction(db, async (trx) => {
    const u = await trx
      .insertInto('users')
      .values({
        email: d.email,
        password_hash: passwordHash,
        nickname: d.nickname,
        signature: 'Demo account — demo balances, not real funds',
        invite_code: d.invite,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!u) return null;
    await credit(trx, {
      userId: u.id,
      currencyId: 4,
      type: ACCOUNT_TYPES.lever,
      amount: grant,
      reason: 'demo_grant',
      ref: { type: 'demo', id: u.id },
      at,
    });
    if (trader)
      await trx
        .insertInto('copy_traders')
        .values({
          user_id: u.id,
          nickname: d.nickname,
          introduction: trader.intro,
          status: 'approved',
          demo: true,
          reviewed_at: at,
        })
        .execute();
    return u.id;
  });
}

/** Each trader's past from the stored candles (empty without candles). */
async function planHistory(db: Kysely<Database>, now: number): Promise<PlannedTrade[][]> {
  const pairs = await loadPairSettings(db);
  const symbols = [...new Set(DEMO_STYLES.flatMap((s) => s.symbols))];
  const bars = await loadHistoryBars(db, symbols);
  const series = new Map([...bars].map(([s, b]) => [s, historySeries(b, now)]));
  return DEMO_STYLES.map((style, i) => planTrades(style, series, (s) => pairs.get(s)?.lotSize, 1000 + i));
}

/**
 * Seeds the demo traders (and, the first time, their past and followers); returns the traders' ids.
 * `history: false` (DEMO_COPY_HISTORY=off) seeds the traders only, as when there are no candles.
 */
export async function seedDemoTraders(
  db: Kysely<Database>,
  log?: Log,
  now: number = Date.now(),
  opts: { history?: boolean } = {},
): Promise<number[]> {
  const plans = opts.history === false ? [] : await planHistory(db, now);
  const opens = plans.flat().map((t) => t.openAt);
  const from = opens.length ? Math.min(...opens) : null;
  const to = now;
  // the grants come before the first past trade, so every journal reads in time order
  const grantAt = new Date(from === null ? now : from - 3_600_000);
  const ids: number[] = [];
  for (const d of DEMO_TRADERS) {
    const id = await demoUser(db, d, GRANT, grantAt, { intro: d.intro });
    if (id) ids.push(id);
    // the introduction in every language, also on a demo seeded before there were translations
    if (id)
      await db
        .updateTable('copy_traders')
        .set({ introductions: JSON.stringify(DEMO_INTROS[d.email] ?? {}) })
        .where('user_id', '=', id)
        .where('demo', '=', true)
        .where(sql<boolean>`introductions = '{}'::jsonb`)
        .execute();
  }
  if (opts.history === false) {
    log?.info({}, 'copy trading: DEMO_COPY_HISTORY=off, so the demo traders get no past trades');
    return ids;
  }
  if (from === null) {
    log?.info(
      {},
      'copy trading: no stored 60min/4hour candles (MARKET_BACKFILL=off?), so the demo traders get no past trades',
    );
    return ids;
  }
  if (ids.length !== DEMO_TRADERS.length || (await historySeeded(db, ids))) return ids;
  const followers: number[] = [];
  for (const f of DEMO_FOLLOWERS) {
    const id = await demoUser(db, f, f.grant, grantAt);
    if (id) followers.push(id);
  }
  if (followers.length !== DEMO_FOLLOWERS.length) return ids;
  const follows: HistoryFollow[] = FOLLOWS.map((f) => ({
    followerId: followers[f.follower],
    traderId: ids[f.trader],
    type: f.type,
    number: f.number,
    at: new Date(from + f.since * (to - from)),
  }));
  const pairs = await loadPairSettings(db);
  const counts = await inTransaction(db, async (trx) => {
    await lockHistorySeed(trx);
    if (await historySeeded(trx, ids)) return null; // another process seeded it meanwhile
    return writeHistory(trx, new Map(plans.map((p, i) => [ids[i], p])), follows, pairs);
  });
  if (counts)
    log?.info(
      { ...counts, since: new Date(from).toISOString() },
      "copy trading: demo traders' past trades seeded from stored candles",
    );
  return ids;
}

/** One step of the demo: a trader with a position held long enough closes it; one without may open one. */
export function demoDriver(ctx: TradeContext, traderIds: number[], holdMs = 180_000): () => Promise<void> {
  const r = rng(42);
  const plans = [
    { symbol: 'BTC/USDT', sides: ['long', 'long', 'short'] as const, multiples: [5, 10, 20] },
    { symbol: 'ETH/USDT', sides: ['short', 'long'] as const, multiples: [5, 10] },
    { symbol: 'ETH/USDT', sides: ['long', 'short'] as const, multiples: [10, 20] },
  ];
  return async () => {
    for (const [i, userId] of traderIds.entries()) {
      const open = await ctx.db
        .selectFrom('lever_orders')
        .select(['id', 'opened_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'position')
        .execute();
      for (const p of open)
        if (p.opened_at && ctx.now() - p.opened_at.getTime() >= holdMs * (0.5 + r()))
          await closePosition(ctx, userId, p.id, 'user');
      if (open.length || r() < 0.4) continue;
      const plan = plans[i % plans.length];
      if (!ctx.market.lastPrice(plan.symbol)) continue;
      await submitLever(ctx, userId, {
        symbol: plan.symbol,
        side: plan.sides[Math.floor(r() * plan.sides.length)],
        priceType: 'market',
        targetPrice: null,
        lots: String(1 + Math.floor(r() * 5)),
        multiple: plan.multiples[Math.floor(r() * plan.multiples.length)],
        tp: null,
        sl: null,
      });
    }
  };
}
