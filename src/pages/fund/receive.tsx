import { useState } from 'react';
import { Button, Form, Input, NoticeBar, Result, Selector } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { RechargeEntry } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { kefuPath, pathOf } from '../../nav/paths';
import { site } from '../../stores/site';
import { chargeReq, depositAddress, rechargeInfo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { QrImage } from '../../components/funds/QrImage';
import { ImageField } from '../../components/form/ImageField';
import { uploadImage } from '../../api/profile';
import { DetailRows } from '../../components/funds/DetailRows';
import { confirmMoney } from '../../components/funds/confirmMoney';
import { amountRules, readAmount } from './parts/amountRules';
import { copyWithToast, gte } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import styles from './fund.module.css';

interface RechargeForm {
  amount: string;
  account?: string;
  voucher?: string;
}

/** Deposit: the platform's address and QR code, then a request with the amount and the payment voucher. */
export default function ReceivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency'));
  if (!Number.isInteger(currency) || currency <= 0)
    return <Navigate to={`${pathOf('fund/select')}?to=receive`} replace />;
  return <Receive key={currency} currency={currency} title={t('route.fund.receive')} />;
}

function Receive({ currency, title }: { currency: number; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useSnapshot(site);
  const info = useLoad(() => rechargeInfo(currency), [currency]);
  const [network, setNetwork] = useState<string>();
  // first the network the user picked, else the first one the platform publishes an address on
  const nets = info.data?.deposit_networks ?? [];
  const net = network ?? (nets.find((n) => n.has_address) ?? nets[0])?.network;
  const minDeposit = nets.find((n) => n.network === net)?.min_deposit ?? '0';
  const addr = useLoad(
    () => (info.data ? depositAddress(currency, net) : Promise.reject(new Error('wait'))),
    [info.data, net],
  );
  const [form] = Form.useForm<RechargeForm>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<RechargeEntry | null>(null);

  const onFinish = async (v: RechargeForm) => {
    const amount = readAmount(v.amount);
    if (!amount || !v.voucher || !info.data) return;
    if (!gte(amount, minDeposit)) {
      form.setFields([{ name: 'amount', errors: [t('acct.belowMin', { min: minDeposit })] }]);
      return;
    }
    const ok = await confirmMoney(
      t('acct.confirmRecharge'),
      [
        [t('acct.currency'), `${info.data.currency}${net ? ` (${net})` : ''}`],
        [t('acct.amount'), <Amount value={amount} suffix={info.data.currency} />, true],
        [t('acct.afterReview'), t('acct.creditedAfterReview')],
      ],
      t('acct.rechargeReviewNote'),
    );
    if (!ok) return;
    setPending(true);
    try {
      const entry = await chargeReq({
        currency,
        amount,
        type: net,
        account: v.account?.trim() || undefined,
        voucher: v.voucher,
      });
      toastSuccess(t('acct.submitted'));
      setDone(entry);
    } catch {
      /* toasted; the form keeps what was typed */
    } finally {
      setPending(false);
    }
  };

  if (done)
    return (
      <PageFrame title={title}>
        <Result
          status="waiting"
          title={t('acct.rechargePending')}
          description={t('acct.rechargePendingHint')}
          data-testid="recharge-result"
        />
        <div className={styles.wrap}>
          <DetailRows
            rows={[
              [t('acct.amount'), <Amount value={done.amount} suffix={done.currency} />, true],
              [t('acct.status.label'), t('acct.status.pending')],
            ]}
          />
          <Button
            block
            color="primary"
            className={styles.footer}
            onClick={() => navigate(`${pathOf('fund/receive_withdraw_record')}?tab=recharge`, { replace: true })}
          >
            {t('acct.viewRecords')}
          </Button>
          <Button
            block
            fill="none"
            color="primary"
            onClick={() => navigate(kefuPath({ type: 'recharge', id: done.id }))}
            data-testid="recharge-ask"
          >
            {t('service.askAbout')}
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
          onClick={() => navigate(`${pathOf('fund/receive_withdraw_record')}?tab=recharge`)}
        >
          {t('acct.records')}
        </Button>
      }
    >
      <LoadState load={info}>
        {(i) =>
          !i.recharge_enabled || config?.recharge_enabled === false ? (
            <Result
              status="warning"
              title={t('acct.rechargeOff')}
              description={t('acct.rechargeOffHint')}
              data-testid="recharge-off"
            />
          ) : (
            <div className={styles.wrap}>
              <div className={styles.netRow}>
                <span className={styles.netLabel}>{t('acct.network')}</span>
                <Selector
                  columns={Math.min(3, Math.max(1, i.deposit_networks.length))}
                  options={i.deposit_networks.map((n) => ({ label: n.network, value: n.network }))}
                  value={net ? [net] : []}
                  onChange={(v) => v[0] && setNetwork(v[0])}
                  aria-label={t('acct.network')}
                  data-testid="deposit-network"
                />
              </div>
              <section className={styles.card} aria-label={t('acct.depositAddress')}>
                {addr.data ? (
                  <>
                    <QrImage value={addr.data.address} label={t('acct.depositAddress')} />
                    <div className={styles.addr} data-testid="deposit-address">
                      {addr.data.address}
                    </div>
                    <div className={styles.center}>
                      <Button
                        size="small"
                        color="primary"
                        fill="outline"
                        onClick={() => copyWithToast(addr.data!.address, toastSuccess, t('acct.copied'))}
                      >
                        {t('acct.copyAddress')}
                      </Button>
                    </div>
                    <DetailRows
                      rows={[
                        [
                          t('acct.minDeposit'),
                          <Amount value={addr.data.min_deposit} suffix={i.currency} testId="deposit-min" />,
                        ],
                      ]}
                    />
                    <NoticeBar
                      className={styles.netWarning}
                      wrap
                      color="alert"
                      content={t('acct.networkWarning', { coin: i.currency, network: addr.data.network })}
                      data-testid="deposit-warning"
                    />
                  </>
                ) : addr.loading ? (
                  <p className={styles.hint}>…</p>
                ) : (
                  <p className={styles.hint}>{t('acct.noDepositAddress')}</p>
                )}
              </section>
              <p className={styles.hint}>{t('acct.rechargeHowTo', { coin: i.currency })}</p>
              <div className={styles.center}>
                <Button
                  size="small"
                  fill="outline"
                  color="primary"
                  onClick={() => navigate(kefuPath())}
                  data-testid="recharge-service"
                >
                  {t('service.contact')}
                </Button>
              </div>
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
                    disabled={pending}
                    onMouseDown={keepFocus}
                  >
                    {t('acct.submitRecharge')}
                  </Button>
                }
              >
                <Form.Item
                  name="amount"
                  label={`${t('acct.amount')} (${i.currency})`}
                  validateTrigger="onBlur"
                  rules={amountRules(t)}
                >
                  <Input inputMode="decimal" placeholder={t('acct.amountPlaceholder')} clearable />
                </Form.Item>
                <Form.Item name="account" label={t('acct.payFrom')} validateTrigger="onBlur">
                  <Input placeholder={t('acct.payFromPlaceholder')} clearable />
                </Form.Item>
                <Form.Item
                  name="voucher"
                  label={t('acct.voucher')}
                  rules={[{ required: true, message: t('acct.voucherRequired') }]}
                >
                  <ImageField upload={uploadImage} label={t('acct.voucher')} testId="voucher" />
                </Form.Item>
              </Form>
            </div>
          )
        }
      </LoadState>
    </PageFrame>
  );
}
