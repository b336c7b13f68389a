import { useState } from 'react';
import { Form, Picker } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_FIELDS, type AccountField } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { pathOf } from '../../nav/paths';
import { fundTransfer, userCurrencies } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { AmountItem } from '../../components/form/fields';
import { usePending } from '../../components/form/usePending';
import { confirmMoney } from '../../components/funds/confirmMoney';
import { amountRules, readAmount } from './parts/amountRules';
import { PctShortcuts } from './parts/PctShortcuts';
import { RecordsButton } from './parts/RecordsButton';
import { gte, minus, plus } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import styles from './fund.module.css';

/** Move a balance between account types (spec §3: legal, change, lever, micro). */
export default function FundTransferPage() {
  const { t } = useTranslation();
  const load = useLoad(() => userCurrencies());
  const [currencyId, setCurrencyId] = useState<number>();
  const [from, setFrom] = useState<AccountField>('change');
  const [to, setTo] = useState<AccountField>('lever');
  const [picker, setPicker] = useState<'currency' | 'from' | 'to' | null>(null);
  const [form] = Form.useForm<{ amount: string }>();
  const [pending, run] = usePending();

  const cur =
    load.data?.find((c) => c.currency_id === currencyId) ??
    load.data?.find((c) => c.currency === 'USDT') ??
    load.data?.[0];
  const available = cur?.available[from] ?? '0';
  const fieldOptions = [ACCOUNT_FIELDS.map((f) => ({ label: t(`acct.account.${f}`), value: f }))];

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

  return (
    <FormPage
      title={t('route.fund.fundTransfer')}
      right={<RecordsButton to={pathOf('fund/transfer_history')} />}
      load={load}
      overlays={
        <>
          <Picker
            visible={picker === 'currency'}
            onClose={() => setPicker(null)}
            columns={[(load.data ?? []).map((c) => ({ label: c.currency, value: String(c.currency_id) }))]}
            value={cur ? [String(cur.currency_id)] : []}
            onConfirm={(v) => v[0] && setCurrencyId(Number(v[0]))}
            confirmText={t('common.confirm')}
            cancelText={t('common.cancel')}
          />
          <Picker
            visible={picker === 'from' || picker === 'to'}
            onClose={() => setPicker(null)}
            columns={fieldOptions}
            value={[picker === 'to' ? to : from]}
            onConfirm={(v) => {
              const f = v[0] as AccountField | undefined;
              if (!f) return;
              if (picker === 'from') setFrom(f);
              else setTo(f);
            }}
            confirmText={t('common.confirm')}
            cancelText={t('common.cancel')}
          />
        </>
      }
    >
      {() => (
        <>
          <button
            type="button"
            className={styles.pick}
            style={{ width: '100%' }}
            onClick={() => setPicker('currency')}
            data-testid="transfer-currency"
          >
            <small>{t('acct.currency')}</small>
            <strong>{cur?.currency}</strong>
          </button>
          <div className={styles.pair}>
            <button type="button" className={styles.pick} onClick={() => setPicker('from')} data-testid="transfer-from">
              <small>{t('acct.from')}</small>
              <strong>{t(`acct.account.${from}`)}</strong>
            </button>
            <button
              type="button"
              className={styles.swap}
              aria-label={t('acct.swap')}
              onClick={() => (setFrom(to), setTo(from))}
            >
              ⇄
            </button>
            <button type="button" className={styles.pick} onClick={() => setPicker('to')} data-testid="transfer-to">
              <small>{t('acct.to')}</small>
              <strong>{t(`acct.account.${to}`)}</strong>
            </button>
          </div>
          <VerticalForm
            form={form}
            onFinish={onFinish}
            pending={pending}
            disabled={from === to}
            submit={t('acct.transferNow')}
          >
            <AmountItem
              label={`${t('acct.amount')} (${cur?.currency ?? ''})`}
              rules={amountRules(t, (v) => (gte(available, v) ? null : t('common.insufficientBalance')))}
              description={
                <span>
                  {t('acct.available')} <Amount value={available} suffix={cur?.currency} testId="transfer-available" />
                </span>
              }
            />
            <PctShortcuts available={available} onPick={(v) => form.setFieldValue('amount', v)} />
          </VerticalForm>
          {from === to ? <p className={styles.hint}>{t('acct.sameAccount')}</p> : null}
        </>
      )}
    </FormPage>
  );
}
