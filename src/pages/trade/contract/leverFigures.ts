/**
 * The futures form's figures and checks for its input at a price: the expected entry, margin and
 * opening fee (core's formulas), where the position would be liquidated, what 100 % is. Pure, so a
 * render and the live writer (useLiveFigures) say the same.
 */
import type { TFunction } from 'i18next';
import {
  openingLiquidationPrice,
  type LeverAccountSummary,
  type LeverEntry,
  type LeverSide,
  type PairTradeSettings,
} from '../../../../core';
import { expectedFill, gt, leverPreview, maxLots } from '../components/preview';

export interface LeverOrderInput {
  side: LeverSide;
  entry: LeverEntry;
  price: string;
  lots: string;
  multiple: number | null;
}

export function leverFigures(
  o: LeverOrderInput,
  live: string | null,
  s: PairTradeSettings | null,
  account: LeverAccountSummary | null,
) {
  // a limit entry that crosses the market opens at once at the market price: preview and confirm say so
  const fill = expectedFill(o.entry, o.side, o.price, live);
  const usePrice = fill.price;
  const mult = o.multiple ?? 0;
  const preview = s ? leverPreview(o.side, usePrice, o.lots, s.lot_size, mult, s.lever_fee_rate) : null;
  const available = account?.balance ?? null;
  const { lots } = o;
  // where this position would be liquidated once open (cross margin: the whole lever account backs it)
  const liqEstimate =
    s && account && preview && usePrice && lots && gt(lots, '0') && gt(usePrice, '0') && mult > 0
      ? openingLiquidationPrice(
          { equity: account.equity, usedMargin: account.total_margin, fee: preview.fee },
          { side: o.side, lots, lotSize: s.lot_size, multiple: String(mult), openPrice: usePrice },
          account.liquidation_line,
        )
      : null;
  const max = s ? maxLots(available, usePrice, s.lot_size, mult, s.lever_fee_rate, s.lots_decimals, s.max_lots) : null;
  return { fill, usePrice, mult, preview, available, liqEstimate, max };
}

export type LeverFigures = ReturnType<typeof leverFigures>;

/** The form's errors: lots within the pair's range and covered by the balance, a limit's price, TP/SL on the right side. */
export function leverChecks(
  t: TFunction,
  o: LeverOrderInput & { tp: string; sl: string; touched: boolean },
  s: PairTradeSettings | null,
  f: LeverFigures,
) {
  const { lots, tp, sl } = o;
  const lotsError = (() => {
    if (!o.touched || !s) return null;
    if (!lots || !gt(lots, '0')) return t('trade.err.lots');
    if (gt(s.min_lots, lots) || gt(lots, s.max_lots))
      return t('trade.err.lotsRange', { min: s.min_lots, max: s.max_lots });
    if (f.preview && f.available !== null && gt(f.preview.cost, f.available)) return t('common.insufficientBalance');
    return null;
  })();
  const noPrice = o.entry === 'limit' && (!o.price || !gt(o.price, '0'));
  const ref = f.usePrice || '0';
  const long = o.side === 'long';
  const tpErr =
    tp && gt(ref, '0') && (long ? !gt(tp, ref) : !gt(ref, tp))
      ? t(long ? 'trade.err.tpLong' : 'trade.err.tpShort')
      : null;
  const slErr =
    sl && gt(ref, '0') && (long ? !gt(ref, sl) : !gt(sl, ref))
      ? t(long ? 'trade.err.slLong' : 'trade.err.slShort')
      : null;
  /** true when an order to `sd` cannot go to the confirm sheet as typed */
  const refused = (sd: LeverSide) => {
    if (!s || !lots || !gt(lots, '0') || gt(s.min_lots, lots) || gt(lots, s.max_lots)) return true;
    if (noPrice || tpErr || slErr) return true;
    const pv = leverPreview(sd, f.usePrice, lots, s.lot_size, f.mult, s.lever_fee_rate);
    return !!pv && f.available !== null && gt(pv.cost, f.available);
  };
  return { lotsError, priceError: o.touched && noPrice ? t('trade.err.price') : null, tpErr, slErr, refused };
}
