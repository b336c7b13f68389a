import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { exchange, exchangeFee, exchangeFrom, exchangeTo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { usePending } from '../../components/form/usePending';
import { readAmount } from './parts/amountRules';
import { confirmExchange, useExchangeQuote } from './parts/exchange';

/**
 * The exchange form's state: the coins on each side (the first ones until the user picks), the fee
 * between them, the quote for the amount typed, and the exchange after the confirmation sheet.
 */
export function useExchange() {
  const { t } = useTranslation();
  const lists = useLoad(async () => {
    const [from, to] = await Promise.all([exchangeFrom(), exchangeTo()]);
    return { from, to };
  });
  const [fromId, setFromId] = useState<number>();
  const [toId, setToId] = useState<number>();
  const [picker, setPicker] = useState<'from' | 'to' | null>(null);
  const from = lists.data?.from.find((c) => c.currency_id === fromId) ?? lists.data?.from[0];
  const to =
    lists.data?.to.find((c) => c.currency_id === toId) ??
    lists.data?.to.find((c) => c.currency_id !== from?.currency_id);
  const fee = useLoad(
    () => (from && to ? exchangeFee(from.currency_id, to.currency_id) : Promise.reject(new Error('wait'))),
    [from?.currency_id, to?.currency_id],
  );
  const [form] = Form.useForm<{ amount: string }>();
  const raw = Form.useWatch('amount', form);
  const [pending, run] = usePending();

  const quote = useExchangeQuote(raw, fee.data);

  const onFinish = async (v: { amount: string }) => {
    const n = readAmount(v.amount);
    if (!n || !from || !to || !quote) return;
    const ok = await confirmExchange(t, n, from, to, quote);
    if (!ok) return;
    await run(async () => {
      const e = await exchange({ number: n, from_currency_id: from.currency_id, to_currency_id: to.currency_id });
      toastSuccess(t('acct.exchangeDone', { amount: e.received, coin: e.to_currency }));
      form.resetFields();
      await lists.reload();
    });
  };

  const swap = () => (setFromId(to?.currency_id), setToId(from?.currency_id));
  const pick = (id: number) => (picker === 'to' ? setToId(id) : setFromId(id));

  return { lists, from, to, picker, setPicker, pick, swap, fee, form, pending, quote, onFinish };
}
