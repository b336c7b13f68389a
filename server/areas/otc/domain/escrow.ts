/**
 * The escrow's three moves, each run on a locked order whose status was just checked, in the
 * transaction that changes that status — so an order's escrow is frozen once and leaves once: to
 * the buyer (release), or back to the seller (cancel, timeout, refund). An order on a held sell ad
 * takes its coin from the ad's escrow (already frozen at posting: no balance moves at open), and a
 * return puts it back on the ad — or, once the ad is closed, back into the merchant's available
 * balance. On other ads the taker-seller's coin is frozen at open and unfrozen on return.
 */
import Decimal from 'decimal.js';
import { credit, freeze, settleFrozen, unfreeze } from '../../../db/ledger';
import type { Trx } from '../../../db/tx';
import { canon } from '../../../kernel/decimal';
import { OTC_ACCOUNT, orderRef, type OrderRow } from './shared';

export async function freezeEscrow(
  trx: Trx,
  o: { id: number; seller_id: number; coin_id: number; coin_amount: string },
): Promise<void> {
  await freeze(trx, {
    userId: o.seller_id,
    currencyId: o.coin_id,
    type: OTC_ACCOUNT,
    amount: o.coin_amount,
    reason: 'otc_escrow',
    ref: orderRef(o.id),
  });
}

/** The coin goes from the seller's frozen balance to the buyer. */
export async function releaseEscrow(trx: Trx, o: OrderRow): Promise<void> {
  const amount = canon(o.coin_amount);
  await settleFrozen(trx, {
    userId: o.seller_id,
    currencyId: o.coin_id,
    type: OTC_ACCOUNT,
    amount,
    reason: 'otc_release',
    ref: orderRef(o.id),
  });
  await credit(trx, {
    userId: o.buyer_id,
    currencyId: o.coin_id,
    type: OTC_ACCOUNT,
    amount,
    reason: 'otc_receive',
    ref: orderRef(o.id),
  });
}

/** The coin goes back to the seller, and back onto the ad. */
export async function returnEscrow(
  trx: Trx,
  o: OrderRow,
  reason: 'otc_cancel' | 'otc_timeout' | 'otc_refund',
): Promise<void> {
  const amount = canon(o.coin_amount);
  const ad = await trx
    .selectFrom('otc_ads')
    .select(['remaining', 'total', 'held', 'status'])
    .where('id', '=', o.ad_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const toAd = !ad.held || ad.status !== 'closed';
  if (!ad.held || ad.status === 'closed')
    await unfreeze(trx, {
      userId: o.seller_id,
      currencyId: o.coin_id,
      type: OTC_ACCOUNT,
      amount,
      reason,
      ref: orderRef(o.id),
    });
  if (!toAd) return;
  const back = Decimal.min(new Decimal(ad.remaining).plus(amount), ad.total).toFixed();
  await trx.updateTable('otc_ads').set({ remaining: back, updated_at: new Date() }).where('id', '=', o.ad_id).execute();
}
