import type { TFunction } from 'i18next';
import type { SpotOrder as PlacedOrder } from '../../../../core';
import { toastSuccess } from '../../../lib/toast';
import { claimNotice } from '../components/noticeClaims';
import { gt } from '../components/preview';
import type { PairState } from '../components/usePair';
import type { SpotInput } from './figures';

export interface SpotChecks {
  amountError: string | null;
  priceError: string | null;
  /** true when the order cannot go to the confirm sheet as typed */
  refused: () => boolean;
}

/** The spot form's checks: an amount and (a limit) a price, the pair's minimum, and what the balance covers. */
export function spotChecks(
  t: TFunction,
  o: SpotInput & { touched: boolean; loggedIn: boolean },
  pair: PairState,
  needed: string | null,
  spend: string | null,
  base: string,
): SpotChecks {
  const s = pair.settings;
  const { amount, price } = o;
  const noAmount = !amount || !gt(amount, '0');
  const noPrice = o.kind === 'limit' && (!price || !gt(price, '0'));
  const belowMin = () => !!s && !o.byQuote && gt(s.spot_min_amount, amount);
  const short = () => !!needed && spend !== null && gt(needed, spend);
  const amountError = (() => {
    if (!o.touched) return null;
    if (noAmount) return t('trade.err.amount');
    if (belowMin()) return t('trade.err.minAmount', { min: s?.spot_min_amount, unit: base });
    if (o.loggedIn && short()) return t('common.insufficientBalance');
    return null;
  })();
  return {
    amountError,
    priceError: o.touched && noPrice ? t('trade.err.price') : null,
    refused: () => noAmount || noPrice || short() || belowMin(),
  };
}

/** A resting order is "placed"; a filled one names its fill, once (the user's event may say it first). */
export function announcePlaced(t: TFunction, o: PlacedOrder, base: string): void {
  if (o.status !== 'filled') toastSuccess(t('trade.spot.placed'));
  else if (claimNotice('spot_filled', o.id))
    toastSuccess(
      t('trade.notice.spot_filled', { side: t(`trade.${o.side}`), amount: o.amount, base, price: o.fill_price ?? '' }),
    );
}
