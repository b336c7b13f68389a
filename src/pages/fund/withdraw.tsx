import { useMemo, useState } from 'react';
import { Button, Form, Input, Picker, Result, Selector } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { withdrawReceived, type WithdrawEntry, type WithdrawInput, type WalletAddress } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { pathOf } from '../../nav/paths';
import { addressList, withdraw, withdrawInfo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { DetailRows } from '../../components/funds/DetailRows';
import { confirmMoney } from '../../components/funds/confirmMoney';
import { amountRules, readAmount } from './parts/amountRules';
import { gte, minus } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import styles from './fund.module.css';

type Method = NonNullable<WithdrawInput['type']>;

interface WithdrawForm {
  amount: string;
  pay_password: string;
  gasercert?: string;
  remark?: string;
}

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
  const navigate = useNavigate();
  const info = useLoad(() => withdrawInfo(currency), [currency]);
  const addrs = useLoad(
    async () => (await addressList(1, 50)).list.filter((a) => a.currency_id === currency),
    [currency],
  );
  const [method, setMethod] = useState<Method>('address');
  const [addressId, setAddressId] = useState<number>();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [form] = Form.useForm<WithdrawForm>();
  const amountRaw = Form.useWatch('amount', form);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<WithdrawEntry | null>(null);
  const title = t('route.fund.withdraw');
  const address: WalletAddress | undefined =
    addrs.data?.find((a) => a.id === addressId) ?? (addressId === undefined ? addrs.data?.[0] : undefined);

  const received = useMemo(() => {
    const a = readAmount(amountRaw);
    return a && info.data ? withdrawReceived(a, info.data.withdraw_fee) : null;
  }, [amountRaw, info.data]);

  const onFinish = async (v: WithdrawForm) => {
    const i = info.data;
    const amount = readAmount(v.amount);
    if (!i || !amount || !received) return;
    if (method === 'address' && !address) return;
    const dest = method === 'address' ? `${address!.name} · ${address!.address}` : t(`acct.method.${method}`);
    const ok = await confirmMoney(
      t('acct.confirmWithdraw'),
      [
        [t('acct.destination'), dest],
        ...(method === 'address' && address!.network
          ? [[t('acct.network'), address!.network] as [string, string]]
          : []),
        [t('acct.amount'), <Amount value={amount} suffix={i.currency} />],
        [t('acct.fee'), <Amount value={i.withdraw_fee} suffix={i.currency} />],
        [t('acct.received'), <Amount value={received} suffix={i.currency} />, true],
        [t('acct.balanceAfter'), <Amount value={minus(i.available, amount)} suffix={i.currency} />],
      ],
      t('acct.withdrawReviewNote'),
    );
    if (!ok) return;
    setPending(true);
    try {
      const entry = await withdraw({
        currency,
        number: amount,
        type: method,
        address_id: method === 'address' ? address!.id : undefined,
        pay_password: v.pay_password,
        gasercert: i.ga_bound ? v.gasercert : undefined,
        remark: v.remark?.trim() || undefined,
      });
      toastSuccess(t('acct.submitted'));
      setDone(entry);
    } catch {
      /* toasted (998 goes to verification); the form keeps its values */
    } finally {
      setPending(false);
    }
  };

  if (done)
    return (
      <PageFrame title={title}>
        <Result
          status="waiting"
          title={t('acct.withdrawPending')}
          description={t('acct.withdrawPendingHint')}
          data-testid="withdraw-result"
        />
        <div className={styles.wrap}>
          <DetailRows
            rows={[
              [t('acct.amount'), <Amount value={done.number} suffix={done.currency} />],
              [t('acct.fee'), <Amount value={done.fee} suffix={done.currency} />],
              [t('acct.received'), <Amount value={done.received} suffix={done.currency} />, true],
              [t('acct.destination'), done.destination],
            ]}
          />
          <Button
            block
            color="primary"
            className={styles.footer}
            onClick={() => navigate(`${pathOf('fund/receive_withdraw_record')}?tab=withdraw`, { replace: true })}
          >
            {t('acct.viewRecords')}
          </Button>
        </div>
      </PageFrame>
    );

  return (
    <PageFrame
      title={title}
      right={
        <Button
          size="mini"
          fill="none"
          onClick={() => navigate(`${pathOf('fund/receive_withdraw_record')}?tab=withdraw`)}
        >
          {t('acct.records')}
        </Button>
      }
    >
      <LoadState load={info}>
        {(i) => {
          const needCard =
            (method === 'bank' && !i.has_bank_card) ||
            (method === 'bank_international' && !i.has_bank_card_international);
          // Unverified: say so before the form, not as a 998 after Confirm (spec §6: withdrawals need level 1).
          if (i.level < 1)
            return (
              <div className={styles.wrap}>
                <Result
                  status="info"
                  title={t('acct.realMarkTitle')}
                  description={t('acct.withdrawNeedsKyc')}
                  data-testid="withdraw-needs-kyc"
                />
                <Button block color="primary" size="large" onClick={() => navigate(pathOf('setting/real'))}>
                  {t('acct.verifyNow')}
                </Button>
              </div>
            );
          return (
            <div className={styles.wrap}>
              <Selector
                className={styles.methods}
                columns={3}
                options={(['address', 'bank', 'bank_international'] as const).map((m) => ({
                  label: t(`acct.method.${m}`),
                  value: m,
                }))}
                value={[method]}
                onChange={(v) => v[0] && setMethod(v[0])}
              />
              {method === 'address' ? (
                <section className={styles.card}>
                  {addrs.data && addrs.data.length > 0 ? (
                    <button
                      type="button"
                      className={styles.pick}
                      style={{ width: '100%' }}
                      onClick={() => setPickerOpen(true)}
                      data-testid="withdraw-address"
                    >
                      <small>{t('acct.withdrawAddress')}</small>
                      <strong>{address?.name}</strong>
                      <small>{address?.address}</small>
                      {address?.network ? (
                        <small data-testid="withdraw-network">
                          {t('acct.network')}: {address.network}
                        </small>
                      ) : null}
                    </button>
                  ) : (
                    <>
                      <p className={styles.hint}>{t('acct.noAddress')}</p>
                      <Button
                        size="small"
                        color="primary"
                        onClick={() => navigate(`${pathOf('setting/addWallet')}?currency=${currency}`)}
                      >
                        {t('route.setting.addWallet')}
                      </Button>
                    </>
                  )}
                </section>
              ) : needCard ? (
                <section className={styles.card}>
                  <p className={styles.hint}>{t('acct.addCardFirst')}</p>
                  <Button
                    size="small"
                    color="primary"
                    onClick={() => navigate(pathOf(method === 'bank' ? 'setting/bank' : 'setting/bank_international'))}
                  >
                    {t('acct.addCard')}
                  </Button>
                </section>
              ) : null}
              <Picker
                visible={pickerOpen}
                onClose={() => setPickerOpen(false)}
                columns={[
                  (addrs.data ?? []).map((a) => ({
                    label: `${a.name} · ${a.address.slice(0, 10)}…`,
                    value: String(a.id),
                  })),
                ]}
                value={address ? [String(address.id)] : []}
                onConfirm={(v) => v[0] && setAddressId(Number(v[0]))}
                confirmText={t('common.confirm')}
                cancelText={t('common.cancel')}
              />
              <Form
                form={form}
                layout="vertical"
                className={styles.form}
                onFinish={onFinish}
                requiredMarkStyle="none"
                footer={
                  <Button
                    block
                    type="submit"
                    color="primary"
                    size="large"
                    loading={pending}
                    disabled={pending || needCard || (method === 'address' && !address) || !i.has_pay_password}
                    onMouseDown={keepFocus}
                  >
                    {t('route.fund.withdraw')}
                  </Button>
                }
              >
                <Form.Item
                  name="amount"
                  label={`${t('acct.amount')} (${i.currency})`}
                  validateTrigger="onBlur"
                  rules={amountRules(t, (v) =>
                    !gte(v, i.withdraw_min)
                      ? t('acct.belowMin', { min: i.withdraw_min })
                      : !gte(i.available, v)
                        ? t('common.insufficientBalance')
                        : null,
                  )}
                  extra={
                    <Button
                      size="mini"
                      fill="none"
                      color="primary"
                      onClick={() => form.setFieldValue('amount', i.available)}
                    >
                      {t('acct.all')}
                    </Button>
                  }
                  description={
                    <span>
                      {t('acct.available')} <Amount value={i.available} suffix={i.currency} /> · {t('acct.minAmount')}{' '}
                      <Amount value={i.withdraw_min} />
                    </span>
                  }
                >
                  <Input inputMode="decimal" placeholder={t('acct.amountPlaceholder')} clearable />
                </Form.Item>
                <DetailRows
                  rows={[
                    [t('acct.fee'), <Amount value={i.withdraw_fee} suffix={i.currency} />],
                    [
                      t('acct.received'),
                      <Amount value={received} suffix={i.currency} testId="withdraw-received" />,
                      true,
                    ],
                    [
                      t('acct.limit24h'),
                      <>
                        <Amount value={i.limits.withdraw_24h_used_btc} /> /{' '}
                        <Amount value={i.limits.withdraw_24h_btc} suffix="BTC" />
                      </>,
                    ],
                  ]}
                />
                {i.has_pay_password ? (
                  <Form.Item
                    name="pay_password"
                    label={t('acct.payPassword')}
                    validateTrigger="onBlur"
                    rules={[{ required: true, message: t('acct.payPasswordRequired') }]}
                  >
                    <Input type="password" autoComplete="off" placeholder={t('acct.payPasswordPlaceholder')} />
                  </Form.Item>
                ) : (
                  <div className={styles.card}>
                    <p className={styles.hint}>{t('acct.setPayPasswordFirst')}</p>
                    <Button size="small" color="primary" onClick={() => navigate(pathOf('setting/payPassword'))}>
                      {t('route.setting.payPassword')}
                    </Button>
                  </div>
                )}
                {i.ga_bound ? (
                  <Form.Item
                    name="gasercert"
                    label={t('acct.gaCode')}
                    validateTrigger="onBlur"
                    rules={[{ required: true, pattern: /^\d{6}$/, message: t('valid.codeInvalid') }]}
                  >
                    <Input
                      inputMode="numeric"
                      maxLength={6}
                      autoComplete="one-time-code"
                      placeholder={t('auth.codePlaceholder')}
                    />
                  </Form.Item>
                ) : null}
                <Form.Item name="remark" label={t('acct.remark')}>
                  <Input maxLength={100} placeholder={t('acct.remarkPlaceholder')} />
                </Form.Item>
              </Form>
              <p className={styles.hint}>{t('acct.withdrawReviewNote')}</p>
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
