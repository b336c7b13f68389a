/**
 * Opening copies: when a trader's own contract position opens, every live follow gets a copy in
 * the follower's lever account — through the lever engine's submitLever (margin frozen and fee
 * charged by the ledger, market price, the trader's leverage), each follower in their own
 * transaction, which also writes the copy_trades row. (follow_id, trader_position_id) is unique, so
 * a repeated event, a sweep and a second process can never open a copy twice. A copy that cannot
 * open is recorded as skipped (mirror-skips.ts).
 */
import type { Kysely } from 'kysely';
import type { CopyType } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { submitLever, type LeverRow, type PairSettings, type TradeContext } from '../../trade/domain';
import { isUniqueViolation } from '../../../db/tx';
import { canon } from '../../../kernel/decimal';
import { followerLots } from './sizing';
import { emitCopyNotice, traderName } from './mirror-notices';
import { copyKeys, skip, skipRefused } from './mirror-skips';

type Db = Kysely<Database>;

/** Mirrors one trader position for every live follow that does not have it yet. Returns copies opened. */
export async function mirrorOpened(ctx: TradeContext, pos: LeverRow): Promise<number> {
  if (pos.copied || pos.status !== 'position' || !pos.opened_at) return 0;
  // a self-held copy is the follower's own now, but it is not mirrored onwards (no copy chains)
  const wasCopy = await ctx.db
    .selectFrom('copy_trades')
    .select('id')
    .where('follower_position_id', '=', pos.id)
    .executeTakeFirst();
  if (wasCopy) return 0;
  const follows = await followsWithoutCopy(ctx.db, pos, pos.opened_at);
  const pair = ctx.settings.get(pos.symbol);
  if (!pair) return 0;
  let opened = 0;
  for (const f of follows) if (await mirrorOne(ctx, pos, pair, f)) opened++;
  return opened;
}

/** The trader's follows made by the position's opening that have no copy (opened or skipped) of it. */
async function followsWithoutCopy(db: Db, pos: LeverRow, openedAt: Date) {
  return db
    .selectFrom('copy_follows as f')
    .select(['f.id', 'f.follower_id', 'f.trader_id', 'f.type', 'f.number'])
    .where('f.trader_id', '=', pos.user_id)
    .where('f.status', '=', 'following')
    .where('f.created_at', '<=', openedAt)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('copy_trades as c')
            .select('c.id')
            .whereRef('c.follow_id', '=', 'f.id')
            .where('c.trader_position_id', '=', pos.id),
        ),
      ),
    )
    .orderBy('f.id')
    .execute();
}

type LiveFollow = Awaited<ReturnType<typeof followsWithoutCopy>>[number];

/**
 * One follower's copy, in its own transaction (submitLever's, which also writes the copy row), and
 * the follower told; a copy that cannot open is recorded as skipped. True when a copy opened.
 */
async function mirrorOne(ctx: TradeContext, pos: LeverRow, pair: PairSettings, f: LiveFollow): Promise<boolean> {
  const sized = followerLots(f.type as CopyType, canon(f.number), canon(pos.lots), pair);
  if (!sized.ok) {
    await skip(ctx, f, pos, sized.reason, { lots: sized.lots, min: pair.minLots, max: pair.maxLots });
    return false;
  }
  let copyId = 0;
  try {
    const mirror = await submitLever(ctx, f.follower_id, {
      symbol: pos.symbol,
      side: pos.side,
      priceType: 'market',
      targetPrice: null,
      lots: sized.lots,
      multiple: pos.multiple,
      tp: null,
      sl: null,
      mirror: {
        record: async (trx, row) => {
          const c = await trx
            .insertInto('copy_trades')
            .values({
              ...copyKeys(f, pos),
              follower_position_id: row.id,
              status: 'open',
              lots: sized.lots,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          copyId = c.id;
        },
      },
    });
    const p = {
      trader: await traderName(ctx.db, f.trader_id),
      side: pos.side,
      symbol: mirror.symbol,
      lots: mirror.share,
      price: mirror.price ?? '',
    };
    emitCopyNotice(ctx, f.follower_id, 'copy_opened', 'notice_copy_opened', p, copyId);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false; // another run copied it first
    if (!(err instanceof AppError)) throw err;
    await skipRefused(ctx, pos, pair, f, sized.lots, err);
    return false;
  }
}
