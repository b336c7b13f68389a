import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcOrder } from '../../../core';
import { appealOrder, releaseOrder } from '../../api/otc';
import { useAction } from '../../components/action/useAction';
import { useMoneyText, useQuantityText } from '../../components/Money';
import { askAppealReason, askReleasePassword } from './orderDialogs';

export type OrderActionsState = ReturnType<typeof useOrderActions>;

/** One order action at a time; releasing asks for the pay password, appealing for a reason. */
export function useOrderActions(o: OtcOrder, onChanged: () => void) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const { pending, run } = useAction(onChanged);
  const release = async (unpaid: boolean) => {
    const note = t(unpaid ? 'otc.releaseUnpaid' : 'otc.releaseNote', {
      fiat: `${money(o.fiat_amount, o.fiat)} ${o.fiat}`,
      coin: `${qty(o.coin_amount, OTC_RULES.coinDecimals)} ${o.coin}`,
    });
    const pw = await askReleasePassword(t, note);
    if (pw !== null) await run(() => releaseOrder(o.id, pw, unpaid), t('otc.released'));
  };
  const appeal = async () => {
    const reason = await askAppealReason(t);
    if (reason !== null) await run(() => appealOrder(o.id, reason), t('otc.appealed'));
  };
  return { pending, run, release, appeal };
}
