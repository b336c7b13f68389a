/**
 * Copies that cannot open: recorded once as skipped (copy_trades' unique (follow_id,
 * trader_position_id) keeps it once) with the reason, and the follower told, in the notice list
 * and live.
 */
import { ExactDecimal, type CopySkipReason } from '../../../../core';
import { AppError } from '../../../errors';
import { translate, type MessageKey } from '../../../i18n/messages';
import { addNotice } from '../../../db/notices';
import type { LeverRow, PairSettings, TradeContext } from '../../trade/domain';
import { canon } from '../../../kernel/decimal';
import { emitCopyNotice, traderName } from './mirror-notices';
import { followerOpeningCost } from './sizing';

/** The follow a copy belongs to: enough to write its copy row. */
interface CopyFollow {
  id: number;
  follower_id: number;
  trader_id: number;
}

// the lever engine's refusals that have a reason of their own; any other is 'error'
const SKIP_BY_ERROR: Record<string, CopySkipReason> = {
  insufficient_balance: 'insufficient_balance',
  trade_market_closed: 'market_closed',
  trade_no_price: 'no_price',
};

/** Records a skipped copy once (the unique key keeps it once) and tells the follower. */
/** The keys of a copy row: which follow, follower and trader, and the trader's position it mirrors (one row per pair, opened or skipped). */
export function copyKeys(f: CopyFollow, pos: LeverRow) {
  return { follow_id: f.id, follower_id: f.follower_id, trader_id: f.trader_id, trader_position_id: pos.id };
}

export async function skip(
  ctx: TradeContext,
  f: CopyFollow,
  pos: LeverRow,
  reason: CopySkipReason,
  params: Record<string, string>,
): Promise<void> {
  const row = await ctx.db
    .insertInto('copy_trades')
    .values({
      ...copyKeys(f, pos),
      status: 'skipped',
      skip_reason: reason,
      lots: params.lots ?? null,
    })
    .onConflict((oc) => oc.columns(['follow_id', 'trader_position_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  const base = { trader: await traderName(ctx.db, f.trader_id), symbol: pos.symbol };
  const body: MessageKey =
    reason === 'insufficient_balance'
      ? 'notice_copy_skipped_balance'
      : reason === 'lots_too_small' || reason === 'lots_too_large'
        ? 'notice_copy_skipped_lots'
        : 'notice_copy_skipped_other';
  const p = { ...base, ...params, why: params.why ?? reason };
  await addNotice(ctx.db, {
    userId: f.follower_id,
    kind: 'copytrade',
    title: 'notice_copy_skipped_title',
    body,
    params: p,
  });
  emitCopyNotice(ctx, f.follower_id, 'copy_skipped', body, p, row.id);
}

/** The lever engine refused the copy: a skipped copy with what it would have needed (margin + fee at the last price). */
export async function skipRefused(
  ctx: TradeContext,
  pos: LeverRow,
  pair: PairSettings,
  f: CopyFollow,
  lots: string,
  err: AppError,
): Promise<void> {
  const reason = SKIP_BY_ERROR[err.key] ?? 'error';
  const price = ctx.market.lastPrice(pos.symbol)?.price ?? canon(pos.open_price ?? '0');
  const { margin, fee } = followerOpeningCost(pair, { side: pos.side, lots, multiple: pos.multiple, openPrice: price });
  const need = new ExactDecimal(margin).plus(fee).toFixed();
  await skip(ctx, f, pos, reason, { lots, need, why: translate(err.key, 'en', err.params) });
}
