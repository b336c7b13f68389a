/**
 * The local demo's copy traders: three clearly labelled DEMO accounts (nickname "DEMO …",
 * introduction saying so) with demo contract balances credited through the ledger (journal reason
 * 'demo_grant'), approved as traders. Seeded only where the demo user is (server/db/demo.ts
 * demoEnabled: local start, not tests or production). A small driver opens and closes their
 * positions on the simulated feed now and then, so their figures come from real closes.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_TYPES } from '../../../../core';
import type { Database } from '../../../db/schema';
import { credit } from '../../../db/ledger';
import { hashPassword } from '../../../domain/accounts/passwords';
import { closePosition, submitLever, type TradingContext } from '../../../domain/trading';
import { inTransaction } from '../../../db/tx';

export const DEMO_TRADER_PASSWORD = 'demo-copy-2024';
export const DEMO_TRADERS = [
  { email: 'demo.copy.alpha@example.com', nickname: 'DEMO Alpha', invite: 'DEMOCPYA', intro: 'Demo account: simulated BTC trend trades on demo balances, not real funds.' },
  { email: 'demo.copy.beta@example.com', nickname: 'DEMO Beta', invite: 'DEMOCPYB', intro: 'Demo account: short ETH swings on demo balances, not real funds.' },
  { email: 'demo.copy.gamma@example.com', nickname: 'DEMO Gamma', invite: 'DEMOCPYC', intro: 'Demo account: mixed majors on demo balances, not real funds.' },
] as const;
const GRANT = '20000';

export async function seedDemoTraders(db: Kysely<Database>): Promise<number[]> {
  const ids: number[] = [];
  for (const d of DEMO_TRADERS) {
    const found = await db.selectFrom('users').select('id').where('email', '=', d.email).executeTakeFirst();
    if (found) {
      ids.push(found.id);
      continue;
    }
    const passwordHash = await hashPassword(DEMO_TRADER_PASSWORD);
    const id = await inTransaction(db, async (trx) => {
      const u = await trx
        .insertInto('users')
        .values({ email: d.email, password_hash: passwordHash, nickname: d.nickname, signature: 'Demo account — demo balances, not real funds', invite_code: d.invite })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!u) return null;
      await credit(trx, { userId: u.id, currencyId: 4, type: ACCOUNT_TYPES.lever, amount: GRANT, reason: 'demo_grant', ref: { type: 'demo', id: u.id } });
      await trx.insertInto('copy_traders').values({ user_id: u.id, nickname: d.nickname, introduction: d.intro, status: 'approved', demo: true, reviewed_at: new Date() }).execute();
      return u.id;
    });
    if (id) ids.push(id);
  }
  return ids;
}

// a small deterministic PRNG: the demo behaves the same on every start
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** One step of the demo: a trader with a position held long enough closes it; one without may open one. */
export function demoDriver(ctx: TradingContext, traderIds: number[], holdMs = 180_000): () => Promise<void> {
  const r = rng(42);
  const plans = [
    { symbol: 'BTC/USDT', sides: ['long', 'long', 'short'] as const, multiples: [5, 10, 20] },
    { symbol: 'ETH/USDT', sides: ['short', 'long'] as const, multiples: [5, 10] },
    { symbol: 'ETH/USDT', sides: ['long', 'short'] as const, multiples: [10, 20] },
  ];
  return async () => {
    for (const [i, userId] of traderIds.entries()) {
      const open = await ctx.db.selectFrom('lever_orders').select(['id', 'opened_at']).where('user_id', '=', userId).where('status', '=', 'position').execute();
      for (const p of open) if (p.opened_at && ctx.now() - p.opened_at.getTime() >= holdMs * (0.5 + r())) await closePosition(ctx, userId, p.id, 'user');
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
