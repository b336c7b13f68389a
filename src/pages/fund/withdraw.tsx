import { useMemo, useState } from 'react';
import { Form } from 'antd-mobile';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { withdrawReceived, type WithdrawEntry, type WalletAddress } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import { addressList, withdrawInfo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { readAmount } from './parts/amountRules';
import { WithdrawDone, WithdrawNeedsKyc } from './parts/WithdrawDone';
import { AddressPicker, WithdrawDestination, type WithdrawMethod } from './parts/WithdrawDestination';
import { WithdrawFields, type WithdrawValues } from './parts/WithdrawFields';
import { useWithdrawSubmit } from './parts/useWithdrawSubmit';
import { RecordsButton } from './parts/RecordsButton';
import styles from './fund.module.css';

export default function WithdrawPage() {
  const [params] = useSearchParams();
  const currency = Number(params.get('currency'));
  if (!Number.isInteger(currency) || currency <= 0)
    return <Navigate to={`${pathOf('fund/select')}?to=withdraw`} replace />;
  return <Withdraw key={currency} currency={currency} />;
}

/**
 * Withdraw to a saved address or a bank card: minimum, fee and the amount received previewed as
 * the user types; payment password (and the authenticator code when bound); the amount is frozen
 * until an operator reviews it.
 */
function Withdraw({ currency }: { currency: number }) {
  const { t } = useTranslation();
  const info = useLoad(() => withdrawInfo(currency), [currency]);
  const addrs = useLoad(
    async () => (await addressList(1, 50)).list.filter((a) => a.currency_id === currency),
    [currency],
  );
  const [method, setMethod] = useState<WithdrawMethod>('address');
  const [addressId, setAddressId] = useState<number>();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [form] = Form.useForm<WithdrawValues>();
  const amountRaw = Form.useWatch('amount', form);
  const [done, setDone] = useState<WithdrawEntry | null>(null);
  const title = t('route.fund.withdraw');
  const address: WalletAddress | undefined =
    addrs.data?.find((a) => a.id === addressId) ?? (addressId === undefined ? addrs.data?.[0] : undefined);

  const received = useMemo(() => {
    const a = readAmount(amountRaw);
    return a && info.data ? withdrawReceived(a, info.data.withdraw_fee) : null;
  }, [amountRaw, info.data]);
  const { pending, onFinish } = useWithdrawSubmit({ currency, info: info.data, method, address, received }, setDone);

  if (done)
    return (
      <PageFrame title={title}>
        <WithdrawDone done={done} />
      </PageFrame>
    );

  return (
    <FormPage
      title={title}
      right={<RecordsButton to={`${pathOf('fund/receive_withdraw_record')}?tab=withdraw`} />}
      load={info}
    >
      {(i) => {
        if (i.level < 1) return <WithdrawNeedsKyc />;
        const needCard =
          (method === 'bank' && !i.has_bank_card) ||
          (method === 'bank_international' && !i.has_bank_card_international);
        return (
          <>
            <WithdrawDestination
              currency={currency}
              method={method}
              onMethod={setMethod}
              addresses={addrs.data}
              address={address}
              needCard={needCard}
              onPickAddress={() => setPickerOpen(true)}
            />
            <AddressPicker
              open={pickerOpen}
              onClose={() => setPickerOpen(false)}
              addresses={addrs.data}
              address={address}
              onPick={setAddressId}
            />
            <VerticalForm
              form={form}
              onFinish={onFinish}
              pending={pending}
              disabled={needCard || (method === 'address' && !address) || !i.has_pay_password}
              submit={t('route.fund.withdraw')}
            >
              <WithdrawFields info={i} form={form} received={received} />
            </VerticalForm>
            <p className={styles.hint}>{t('acct.withdrawReviewNote')}</p>
          </>
        );
      }}
    </FormPage>
  );
}
