import { Button, Form, Input, Result, Selector } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { RechargeInfo } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { servicePath, pathOf } from '../../nav/paths';
import { site } from '../../stores/site';
import { LoadState } from '../../components/load/LoadState';
import { ImageField } from '../../components/form/ImageField';
import { VerticalForm } from '../../components/form/VerticalForm';
import { AmountItem } from '../../components/form/fields';
import { uploadImage } from '../../api/profile';
import { amountRules } from './parts/amountRules';
import { RecordsButton } from './parts/RecordsButton';
import { RechargeDone } from './parts/RechargeDone';
import { DepositAddressCard } from './parts/DepositAddressCard';
import { useRecharge } from './useRecharge';
import styles from './fund.module.css';

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
  const { info, addr, net, setNetwork, form, pending, done, onFinish } = useRecharge(currency);

  if (done)
    return (
      <PageFrame title={title}>
        <RechargeDone done={done} />
      </PageFrame>
    );

  return (
    <PageFrame title={title} right={<RecordsButton to={`${pathOf('fund/receive_withdraw_record')}?tab=recharge`} />}>
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
              <NetworkRow info={i} net={net} onNetwork={setNetwork} />
              <DepositAddressCard addr={addr} coin={i.currency} />
              <p className={styles.hint}>{t('acct.rechargeHowTo', { coin: i.currency })}</p>
              <div className={styles.center}>
                <Button
                  size="small"
                  fill="outline"
                  color="primary"
                  onClick={() => navigate(servicePath())}
                  data-testid="recharge-service"
                >
                  {t('service.contact')}
                </Button>
              </div>
              <VerticalForm form={form} onFinish={onFinish} pending={pending} submit={t('acct.submitRecharge')}>
                <AmountItem label={`${t('acct.amount')} (${i.currency})`} rules={amountRules(t)} />
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
              </VerticalForm>
            </div>
          )
        }
      </LoadState>
    </PageFrame>
  );
}

/** The networks the coin can be deposited on. */
function NetworkRow({ info, net, onNetwork }: { info: RechargeInfo; net?: string; onNetwork: (n: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.netRow}>
      <span className={styles.netLabel}>{t('acct.network')}</span>
      <Selector
        columns={Math.min(3, Math.max(1, info.deposit_networks.length))}
        options={info.deposit_networks.map((n) => ({ label: n.network, value: n.network }))}
        value={net ? [net] : []}
        onChange={(v) => v[0] && onNetwork(v[0])}
        aria-label={t('acct.network')}
        data-testid="deposit-network"
      />
    </div>
  );
}
