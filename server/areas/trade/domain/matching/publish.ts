/**
 * After a matching transaction commits: the public prints (`trades:<symbol>`, one per fill, the
 * taker's side), each touched order to its owner (`order`) and a `notice` for orders now filled.
 */
import type { SpotOrder, SpotSide } from '../../../../../core';
import type { TradeContext } from '../context';
import type { PairSettings } from '../settings';
import { filledNotice, toSpotOrder } from './view';
import type { SpotRow } from './fills';

export function publishFills(
  ctx: TradeContext,
  pair: PairSettings,
  taker: SpotRow,
  others: readonly SpotRow[],
  fills: readonly { price: string; qty: string }[],
  takerSide: SpotSide,
): SpotOrder {
  for (const f of fills) ctx.market.books.userTrade(pair.symbol, f.price, f.qty, takerSide);
  let out: SpotOrder | undefined;
  for (const r of [taker, ...others]) {
    const o = toSpotOrder(r, pair);
    out ??= o;
    ctx.market.emitToUser(r.user_id, 'order', o);
    if (o.status === 'filled') ctx.market.emitToUser(r.user_id, 'notice', filledNotice(o, pair));
  }
  return out as SpotOrder;
}
