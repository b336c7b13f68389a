import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/goBack';
import type { BankCard } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { cardInfo, saveCard, saveCardInternational } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import styles from '../../components/account.module.css';

const DOMESTIC = ['real_name', 'bank_account', 'bank_name', 'bank_network', 'bank_dizhi', 'phone'] as const;
const INTERNATIONAL = [
  'real_name',
  'bank_account',
  'bank_name',
  'bank_network',
  'bank_dizhi',
  'aba_number',
  'swift_code',
  'phone',
  'address',
] as const;
type Field = (typeof INTERNATIONAL)[number];

/** A bank card, domestic or international: every field of spec §3 required ("All are required"). */
export function BankForm({ international }: { international: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => cardInfo(international), [international]);
  const [pending, setPending] = useState(false);
  const fields = international ? INTERNATIONAL : DOMESTIC;
  const onFinish = async (v: Record<Field, string>) => {
    const trimmed = Object.fromEntries(fields.map((f) => [f, (v[f] ?? '').trim()])) as Record<Field, string>;
    setPending(true);
    try {
      if (international) await saveCardInternational(trimmed);
      else await saveCard(trimmed);
      toastSuccess(t('acct.saved'));
      goBack(navigate, 'setting/setting');
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };
  return (
    <PageFrame title={t(international ? 'route.setting.bank_international' : 'route.setting.bank')}>
      <LoadState load={load}>
        {(card: BankCard | null) => (
          <div className={styles.wrap}>
            {card ? <p className={styles.hint}>{t('acct.cardOnFile')}</p> : null}
            <Form
              layout="vertical"
              className={styles.form}
              initialValues={card ?? {}}
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
                  {t('acct.save')}
                </Button>
              }
            >
              {fields.map((f) => (
                <Form.Item
                  key={f}
                  name={f}
                  label={t(`acct.bankField.${f}`)}
                  validateTrigger="onBlur"
                  rules={[
                    { required: true, whitespace: true, message: t('acct.allRequired') },
                    { max: 128, message: t('acct.tooLong') },
                  ]}
                >
                  <Input
                    inputMode={f === 'bank_account' || f === 'phone' || f === 'aba_number' ? 'numeric' : 'text'}
                    placeholder={t(`acct.bankField.${f}`)}
                    clearable
                  />
                </Form.Item>
              ))}
            </Form>
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}
