/**
 * On every applied tick (market.onTick), decides from the in-memory books what is due and queues
 * it: resting spot orders the new book or trades cross (the matching engine's cross run, per
 * symbol), entrusted contract entries the price crossed (they fill at their own price, recording
 * the crossing tick's seq), take-profit / stop-loss levels reached (closed at
 * the triggering tick), accounts whose risk rate fell to the line (forced close, re-checked on
 * fresh balances inside the transaction), and each pending seconds order's expiry mark.
 */
import Decimal from 'decimal.js';
import type { Tick } from '../../../../core';
import { ExactDecimal, riskRate } from '../../../../core';
import { closePosition, fillEntrusted, liquidateIfDue, scheduleCross, type TradeContext } from '../domain';
import type { WorkQueue } from '../../../plugins/work-queue';
import type { TradeCross } from '../domain/matching/cross';

function stopHit(
  side: 'long' | 'short',
  price: Decimal,
  tp: string | null,
  sl: string | null,
): 'take_profit' | 'stop_loss' | null {
  if (side === 'long') {
    if (tp !== null && price.gte(tp)) return 'take_profit';
    if (sl !== null && price.lte(sl)) return 'stop_loss';
  } else {
    if (tp !== null && price.lte(tp)) return 'take_profit';
    if (sl !== null && price.gte(sl)) return 'stop_loss';
  }
  return null;
}

/** The account's risk rate from the books (cached available balance), for deciding whether to look. */
function cachedRisk(ctx: TradeContext, userId: number): string | null {
  const positions = ctx.books.lever.userPositions(userId);
  if (!positions.length) return null;
  let balance = new ExactDecimal(ctx.books.lever.available.get(userId) ?? '0'); // exact sum, as core's riskRate
  const priced = positions.map((p) => {
    balance = balance.plus(p.margin);
    const price = ctx.market.lastPrice(p.symbol)?.price ?? p.openPrice;
    return {
      position: {
        side: p.side,
        lots: p.lots,
        lotSize: p.lotSize,
        multiple: String(p.multiple),
        openPrice: p.openPrice,
      },
      currentPrice: price,
    };
  });
  return riskRate({ balance: balance.toFixed(), positions: priced });
}

export function onTicks(
  ctx: TradeContext,
  queue: WorkQueue,
  ticks: readonly Tick[],
  onError: (err: unknown) => void = (err) => console.error(err),
): void {
  const riskUsers = new Set<number>();
  const trades = new Map<string, TradeCross[]>();
  for (const t of ticks) {
    const ref = { price: t.price, seq: t.seq, ts: t.ts };
    ctx.books.seconds.onTick(t.symbol, ref);
    let tr = trades.get(t.symbol);
    if (!tr) trades.set(t.symbol, (tr = []));
    tr.push({ price: t.price, qty: t.qty, seq: t.seq, ts: t.ts });
    for (const o of ctx.books.lever.entrustedCrossed(t.symbol, t.price))
      queue.add(`entry:${o.id}`, () => fillEntrusted(ctx, o, ref));
    const price = new Decimal(t.price);
    for (const p of ctx.books.lever.positionsOf(t.symbol)) {
      riskUsers.add(p.userId);
      const hit = stopHit(p.side, price, p.tp, p.sl);
      if (hit) queue.add(`close:${p.id}`, () => closePosition(ctx, p.userId, p.id, hit, ref));
    }
  }
  // resting spot orders: the symbol's new book and these trades may cross them (matching/cross.ts)
  for (const [symbol, tr] of trades) scheduleCross(ctx, symbol, tr, onError);
  for (const userId of riskUsers) {
    const rate = cachedRisk(ctx, userId);
    if (rate !== null && new Decimal(rate).lte(ctx.liquidationLine))
      queue.add(`liq:${userId}`, () => liquidateIfDue(ctx, userId));
  }
}
