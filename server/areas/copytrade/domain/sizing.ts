/**
 * How many lots a follower's mirror gets (spec §3, §5, §9):
 * - fixed multiple (type 1): trader lots × the multiple, the multiple rounded per core's
 *   roundCopyMultiple (above 1 and not an integer → 2 decimals, half up);
 * - fixed lots (type 2): the follow's number.
 * Either way the result is rounded DOWN to the pair's lot step (a copy never exceeds what the rule
 * asks) and must lie within the pair's min/max lots, else the copy is skipped with a notice.
 * What a copy costs to open (followerOpeningCost) is core's contract math on the pair's lot size and fee.
 */
import {
  COPY_TYPES,
  ExactDecimal,
  openingCost,
  roundCopyMultiple,
  type ContractPosition,
  type CopyType,
} from '../../../../core';

export interface LotRule {
  lotsDecimals: number;
  minLots: string;
  maxLots: string;
}

export type Sized =
  { ok: true; lots: string } | { ok: false; reason: 'lots_too_small' | 'lots_too_large'; lots: string };

export function followerLots(type: CopyType, number: string, traderLots: string, rule: LotRule): Sized {
  // exact product (ExactDecimal): a 20-digit rounding could lift it past a lot step before the ROUND_DOWN
  const raw =
    type === COPY_TYPES.multiple
      ? new ExactDecimal(traderLots).times(roundCopyMultiple(number))
      : new ExactDecimal(number);
  const lots = raw.toDecimalPlaces(rule.lotsDecimals, ExactDecimal.ROUND_DOWN);
  if (lots.lt(rule.minLots) || lots.lte(0)) return { ok: false, reason: 'lots_too_small', lots: lots.toFixed() };
  if (lots.gt(rule.maxLots)) return { ok: false, reason: 'lots_too_large', lots: lots.toFixed() };
  return { ok: true, lots: lots.toFixed() };
}

interface CostRule {
  lotSize: string;
  leverFeeRate: string;
}

/** The margin frozen and the fee charged for opening `lots` at `openPrice` with the leverage `multiple`. */
export function followerOpeningCost(
  rule: CostRule,
  p: Pick<ContractPosition, 'side' | 'lots' | 'openPrice'> & { multiple: number },
): { margin: string; fee: string } {
  const contract = {
    side: p.side,
    lots: p.lots,
    lotSize: rule.lotSize,
    multiple: String(p.multiple),
    openPrice: p.openPrice,
  };
  return openingCost(contract, rule.leverFeeRate);
}
