import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WithdrawInfo } from '../../../../core';
import { pathOf } from '../../../nav/paths';
import { DetailRows } from '../../../components/funds/DetailRows';
import { Amount } from '../../../components/funds/Amount';
import { gte } from '../../../components/funds/format';
import { AmountItem, CodeItem, PasswordItem } from '../../../components/form/fields';
import type { FormOf } from '../../../components/form/VerticalForm';
import { amountRules } from './amountRules';
import styles from '../fund.module.css';

export interface WithdrawValues {
  amount: string;
  pay_password: string;
  gasercert?: string;
  remark?: string;
}

/** The withdrawal form's fields: amount (with All), fee and what arrives, payment password, authenticator code, remark. */
export function WithdrawFields({
  info: i,
  form,
  received,
}: {
  info: WithdrawInfo;
  form: FormOf<WithdrawValues>;
  received: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <AmountItem
        label={`${t('acct.amount')} (${i.currency})`}
        rules={amountRules(t, (v) =>
          !gte(v, i.withdraw_min)
            ? t('acct.belowMin', { min: i.withdraw_min })
            : !gte(i.available, v)
              ? t('common.insufficientBalance')
              : null,
        )}
        extra={
          <Button size="mini" fill="none" color="primary" onClick={() => form.setFieldValue('amount', i.available)}>
            {t('acct.all')}
          </Button>
        }
        description={
          <span>
            {t('acct.available')} <Amount value={i.available} suffix={i.currency} /> · {t('acct.minAmount')}{' '}
            <Amount value={i.withdraw_min} />
          </span>
        }
      />
      <DetailRows
        rows={[
          [t('acct.fee'), <Amount value={i.withdraw_fee} suffix={i.currency} />],
          [t('acct.received'), <Amount value={received} suffix={i.currency} testId="withdraw-received" />, true],
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
        <PasswordItem
          name="pay_password"
          label={t('acct.payPassword')}
          rules={[{ required: true, message: t('acct.payPasswordRequired') }]}
          placeholder={t('acct.payPasswordPlaceholder')}
        />
      ) : (
        <SetPayPasswordFirst />
      )}
      {i.ga_bound ? (
        <CodeItem
          name="gasercert"
          label={t('acct.gaCode')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('valid.codeInvalid') }]}
        />
      ) : null}
      <Form.Item name="remark" label={t('acct.remark')}>
        <Input maxLength={100} placeholder={t('acct.remarkPlaceholder')} />
      </Form.Item>
    </>
  );
}

function SetPayPasswordFirst() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.card}>
      <p className={styles.hint}>{t('acct.setPayPasswordFirst')}</p>
      <Button size="small" color="primary" onClick={() => navigate(pathOf('setting/payPassword'))}>
        {t('route.setting.payPassword')}
      </Button>
    </div>
  );
}
