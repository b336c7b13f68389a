import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/goBack';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { profile } from '../../api/profile';
import { setPayPassword } from '../../api/security';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import styles from '../../components/account.module.css';

interface PayForm {
  oldPasswd: string;
  password: string;
  re_password: string;
}

/**
 * Payment password (/safe/update_password): the first time the login password proves who you are;
 * later, the current payment password.
 */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => profile());
  const [form] = Form.useForm<PayForm>();
  const [pending, setPending] = useState(false);
  const rules = authRules(t, (f) => form.getFieldValue(f));
  const onFinish = async (v: PayForm) => {
    setPending(true);
    try {
      await setPayPassword(v);
      toastSuccess(t('acct.payPasswordSet'));
      goBack(navigate, 'setting/security');
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };
  return (
    <PageFrame title={t('route.setting.payPassword')}>
      <LoadState load={load}>
        {(p) => (
          <div className={styles.wrap}>
            <p className={styles.hint}>
              {p.has_pay_password ? t('acct.payPasswordChangeHint') : t('acct.payPasswordSetHint')}
            </p>
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
                  {t('common.confirm')}
                </Button>
              }
            >
              <Form.Item
                name="oldPasswd"
                label={p.has_pay_password ? t('acct.oldPayPassword') : t('acct.loginPassword')}
                validateTrigger="onBlur"
                rules={[{ required: true, message: t('valid.passwordRequired') }]}
              >
                <Input
                  type="password"
                  autoComplete={p.has_pay_password ? 'off' : 'current-password'}
                  placeholder={t('auth.passwordPlaceholder')}
                />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('acct.newPayPassword')}
                validateTrigger="onBlur"
                rules={rules.password}
              >
                <Input type="password" autoComplete="off" placeholder={t('auth.passwordRule', PASSWORD_RULE)} />
              </Form.Item>
              <Form.Item
                name="re_password"
                label={t('auth.confirmPassword')}
                validateTrigger="onBlur"
                dependencies={['password']}
                rules={rules.confirm('password')}
              >
                <Input type="password" autoComplete="off" placeholder={t('auth.confirmPlaceholder')} />
              </Form.Item>
            </Form>
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}
