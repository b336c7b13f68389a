import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { pathOf } from '../../nav/paths';
import { exchange, exchangeFee, exchangeFrom, exchangeTo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { AmountItem } from '../../components/form/fields';
import { usePending } from '../../components/form/usePending';
import { amountRules, readAmount } from './parts/amountRules';
import { PctShortcuts } from './parts/PctShortcuts';
import { RecordsButton } from './parts/RecordsButton';
import { CoinPicker, confirmExchange, ExchangePair, ExchangeRows, useExchangeQuote } from './parts/exchange';
import { gte } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';

/** Coin exchange at the feed's prices: what you give, the rate, the fee and what you get. */
export default function TransferPage() {
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

  return (
    <FormPage
      title={t('route.fund.transfer')}
      right={<RecordsButton to={`${pathOf('fund/transfer_history')}?tab=exchange`} />}
      load={lists}
      overlays={
        <CoinPicker
          side={picker}
          coins={(picker === 'to' ? lists.data?.to : lists.data?.from) ?? []}
          current={(picker === 'to' ? to : from)?.currency_id}
          onClose={() => setPicker(null)}
          onPick={(id) => (picker === 'to' ? setToId(id) : setFromId(id))}
        />
      }
    >
      {() => (
        <>
          <ExchangePair
            from={from?.currency}
            to={to?.currency}
            onPick={setPicker}
            onSwap={() => (setFromId(to?.currency_id), setToId(from?.currency_id))}
          />
          <VerticalForm
            form={form}
            onFinish={onFinish}
            pending={pending}
            disabled={!quote || from?.currency_id === to?.currency_id}
            submit={t('acct.exchangeNow')}
          >
            <AmountItem
              label={`${t('acct.amount')} (${from?.currency ?? ''})`}
              rules={amountRules(t, (v) => (from && gte(from.available, v) ? null : t('common.insufficientBalance')))}
              description={
                <span>
                  {t('acct.available')} <Amount value={from?.available} suffix={from?.currency} />
                </span>
              }
            />
            {from ? <PctShortcuts available={from.available} onPick={(v) => form.setFieldValue('amount', v)} /> : null}
            <ExchangeRows from={from?.currency} to={to?.currency} quote={quote} priced={!!fee.data} />
          </VerticalForm>
        </>
      )}
    </FormPage>
  );
}
