/** A spot order row as the API and the `order` event show it, and its filled notice. */
import type { SpotOrder } from '../../../../../core';
import { notice } from '../events';
import type { PairSettings } from '../settings';
import type { SpotRow } from './fills';
import { canon, canonOrNull } from '../../../../kernel/decimal';

export function toSpotOrder(r: SpotRow, pair: PairSettings): SpotOrder {
  return {
    id: r.id,
    symbol: r.symbol,
    currency_id: pair.currencyId,
    legal_id: pair.legalId,
    side: r.side,
    kind: r.kind,
    status: r.status,
    amount: canon(r.amount),
    filled: canon(r.filled),
    target_price: canonOrNull(r.target_price),
    fill_price: canonOrNull(r.fill_price),
    total: canonOrNull(r.total),
    fee: canon(r.fee),
    fee_rate: canon(r.fee_rate),
    fill_seq: r.fill_seq === null ? null : Number(r.fill_seq),
    frozen: canon(r.frozen),
    created_at: r.created_at.getTime(),
    filled_at: r.filled_at?.getTime() ?? null,
    cancelled_at: r.cancelled_at?.getTime() ?? null,
  };
}

export function filledNotice(o: SpotOrder, pair: PairSettings) {
  return notice(
    'spot_filled',
    'notice_spot_filled',
    { side: o.side, amount: o.amount, base: pair.base, price: o.fill_price ?? '' },
    { type: 'spot', id: o.id },
  );
}
