import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEVER_STATUS,
  type LeverAccountSummary,
  type LeverPosition,
  type LeverSide,
  type PairTradeSettings,
} from '../../../../core';
import { leverSubmit } from '../../../api/trade';
import { toastSuccess } from '../../../lib/toast';
import { claimNotice } from '../components/noticeClaims';
import type { PickedPrice } from '../components/picked';
import { useOrderForm } from '../scaffold/useOrderForm';
import { lastPrice } from '../scaffold/useLiveFigures';
import { leverChecks, leverFigures } from './leverFigures';
import { useLeverInput } from './useLeverInput';

export type LeverOrder = ReturnType<typeof useLeverOrder>;

/**
 * The futures form's state and figures. Like the spot form it renders for the user's input only
 * (and when touched), reading the live price then; its margin and fee follow the market by themselves.
 */
export function useLeverOrder(
  s: PairTradeSettings | null,
  account: LeverAccountSummary | null,
  onOpened: (p: LeverPosition) => void,
  picked?: PickedPrice | null,
) {
  const { t } = useTranslation();
  const form = useOrderForm();
  const input = useLeverInput(s, picked);
  const [, touch] = useReducer((n: number) => n + 1, 0);
  const symbol = s?.symbol ?? '';
  const live = lastPrice(symbol);
  const at = (price: string | null) => leverFigures(input, price, s, account);
  const f = at(live);
  const checks = leverChecks(t, { ...input, touched: form.touched }, s, f);

  const submit = (sd: LeverSide) => {
    if (!form.signedIn()) return;
    input.setSide(sd);
    form.setTouched(true);
    if (!checks.refused(sd)) form.setConfirming(true);
  };

  const place = () =>
    form.send(async () => {
      if (!s || input.multiple === null) return;
      const p = await leverSubmit({
        currency_id: s.currency_id,
        legal_id: s.legal_id,
        type: input.side,
        status: input.entry,
        target_price: input.entry === 'limit' ? input.price : undefined,
        share: input.lots,
        multiple: input.multiple,
        target_profit_price: input.tp || undefined,
        stop_loss_price: input.sl || undefined,
      });
      if (p.status === LEVER_STATUS.entrusted) toastSuccess(t('trade.lever.entrusted'));
      else if (claimNotice('lever_opened', p.id))
        toastSuccess(t('trade.notice.lever_opened', { symbol: p.symbol, price: p.price ?? '' }));
      form.setConfirming(false);
      input.clear();
      form.setTouched(false);
      onOpened(p);
    });

  return { form, input, symbol, live, at, ...f, checks, touch, submit, place };
}
