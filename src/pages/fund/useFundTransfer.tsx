import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AccountField } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { fundTransfer, userCurrencies } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { usePending } from '../../components/form/usePending';
import { confirmMoney } from '../../components/funds/confirmMoney';
import { minus, plus } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import { readAmount } from './parts/amountRules';

export type TransferPicker = 'currency' | 'from' | 'to' | null;

/**
 * The transfer form's state: the currency (USDT until the user picks), the accounts on each side,
 * what the source holds, and the transfer after the confirmation sheet (balances after on both sides).
 */
export function useFundTransfer() {
  const { t } = useTranslation();
  const load = useLoad(() => userCurrencies());
  const [currencyId, setCurrencyId] = useState<number>();
  const [from, setFrom] = useState<AccountField>('change');
  const [to, setTo] = useState<AccountField>('lever');
  const [picker, setPicker] = useState<TransferPicker>(null);
  const [form] = Form.useForm<{ amount: string }>();
  const [pending, run] = usePending();

  const cur =
    load.data?.find((c) => c.currency_id === currencyId) ??
    load.data?.find((c) => c.currency === 'USDT') ??
    load.data?.[0];
  const available = cur?.available[from] ?? '0';

  const onFinish = async (v: { amount: string }) => {
    const amount = readAmount(v.amount);
    if (!amount || !cur) return;
    const ok = await confirmMoney(t('acct.confirmTransfer'), [
      [t('acct.currency'), cur.currency],
      [t('acct.from'), t(`acct.account.${from}`)],
      [t('acct.to'), t(`acct.account.${to}`)],
      [t('acct.amount'), <Amount value={amount} suffix={cur.currency} />, true],
      [t('acct.fee'), <Amount value="0" suffix={cur.currency} />],
      [t('acct.balanceAfterIn', { account: t(`acct.account.${from}`) }), <Amount value={minus(available, amount)} />],
      [
        t('acct.balanceAfterIn', { account: t(`acct.account.${to}`) }),
        <Amount value={plus(cur.available[to] ?? '0', amount)} />,
      ],
    ]);
    if (!ok) return;
    await run(async () => {
      await fundTransfer({ currency_id: cur.currency_id, number: amount, from_field: from, to_field: to });
      toastSuccess(t('acct.transferDone'));
      form.resetFields();
      await load.reload();
    });
  };

  /** the account the open picker chose, on its side */
  const pickField = (f: AccountField) => (picker === 'from' ? setFrom(f) : setTo(f));
  const swap = () => (setFrom(to), setTo(from));

  return { load, cur, available, from, to, picker, setPicker, setCurrencyId, pickField, swap, form, pending, onFinish };
}
