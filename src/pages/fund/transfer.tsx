import { useMemo, useState } from 'react';
import { Button, Form, Picker } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { exchangeQuote, type ExchangeQuote } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { pathOf } from '../../nav/paths';
import { exchange, exchangeFee, exchangeFrom, exchangeTo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { AmountItem } from '../../components/form/fields';
import { usePending } from '../../components/form/usePending';
import { DetailRows } from '../../components/funds/DetailRows';
import { confirmMoney } from '../../components/funds/confirmMoney';
import { amountRules, readAmount } from './parts/amountRules';
import { PctShortcuts } from './parts/PctShortcuts';
import { COIN_DP, gte, minus } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import styles from './fund.module.css';

/** Coin exchange at the feed's prices: what you give, the rate, the fee and what you get. */
export default function TransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

  const quote: ExchangeQuote | null = useMemo(() => {
    const n = readAmount(raw);
    if (!n || !fee.data) return null;
    try {
      return exchangeQuote({
        number: n,
        fromPrice: fee.data.form_price,
        toPrice: fee.data.to_price,
        feeRate: fee.data.fee,
        decimals: COIN_DP,
      });
    } catch {
      return null;
    }
  }, [raw, fee.data]);

  const onFinish = async (v: { amount: string }) => {
    const n = readAmount(v.amount);
    if (!n || !from || !to || !quote) return;
    const ok = await confirmMoney(t('acct.confirmExchange'), [
      [t('acct.give'), <Amount value={n} suffix={from.currency} />],
      [
        t('acct.rate'),
        <>
          1 {from.currency} ≈ <Amount value={quote.rate} suffix={to.currency} />
        </>,
      ],
      [t('acct.fee'), <Amount value={quote.fee} suffix={to.currency} />],
      [t('acct.get'), <Amount value={quote.received} suffix={to.currency} />, true],
      [t('acct.balanceAfterIn', { account: from.currency }), <Amount value={minus(from.available, n)} />],
    ]);
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
      right={
        <Button size="mini" fill="none" onClick={() => navigate(`${pathOf('fund/transfer_history')}?tab=exchange`)}>
          {t('acct.records')}
        </Button>
      }
      load={lists}
      overlays={
        <Picker
          visible={picker !== null}
          onClose={() => setPicker(null)}
          columns={[
            ((picker === 'to' ? lists.data?.to : lists.data?.from) ?? []).map((c) => ({
              label: c.currency,
              value: String(c.currency_id),
            })),
          ]}
          value={[String((picker === 'to' ? to : from)?.currency_id ?? '')]}
          onConfirm={(v) => {
            const id = Number(v[0]);
            if (!id) return;
            if (picker === 'to') setToId(id);
            else setFromId(id);
          }}
          confirmText={t('common.confirm')}
          cancelText={t('common.cancel')}
        />
      }
    >
      {() => (
        <>
          <div className={styles.pair}>
            <button type="button" className={styles.pick} onClick={() => setPicker('from')}>
              <small>{t('acct.give')}</small>
              <strong>{from?.currency}</strong>
            </button>
            <button
              type="button"
              className={styles.swap}
              aria-label={t('acct.swap')}
              onClick={() => (setFromId(to?.currency_id), setToId(from?.currency_id))}
            >
              ⇄
            </button>
            <button type="button" className={styles.pick} onClick={() => setPicker('to')}>
              <small>{t('acct.get')}</small>
              <strong>{to?.currency}</strong>
            </button>
          </div>
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
            <DetailRows
              rows={[
                [
                  t('acct.rate'),
                  fee.data ? (
                    <>
                      1 {from?.currency} ≈ <Amount value={quote?.rate ?? null} suffix={to?.currency} />
                    </>
                  ) : (
                    '--'
                  ),
                ],
                [t('acct.fee'), <Amount value={quote?.fee ?? null} suffix={to?.currency} />],
                [t('acct.get'), <Amount value={quote?.received ?? null} suffix={to?.currency} />, true],
              ]}
            />
          </VerticalForm>
        </>
      )}
    </FormPage>
  );
}
