import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockOrder } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { lockCancel } from '../../api/products';
import { useMoneyText } from '../../components/Money';
import { confirmEarlyRedemption } from './redeem';

/**
 * An order's early redemption: the penalty sheet first, then the call; the card then shows the
 * redeemed order the server answered (`shown`) while the list re-reads (`onRedeemed`).
 */
export function useRedeem(o: LockOrder, onRedeemed: () => void) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const [pending, setPending] = useState(false);
  const [gone, setGone] = useState<LockOrder | null>(null);

  const redeem = async () => {
    if (!(await confirmEarlyRedemption(o))) return;
    setPending(true);
    try {
      const done = await lockCancel(o.id);
      setGone(done);
      toastSuccess(
        t('prod.lock.redeemed', { amount: money(done.returned ?? '0', done.currency_name), unit: done.currency_name }),
      );
      onRedeemed();
    } catch {
      /* toasted by the client; the order stays as it was */
    } finally {
      setPending(false);
    }
  };

  return { shown: gone ?? o, pending, redeem };
}
