import { Form } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/goBack';
import { toastSuccess } from '../../lib/toast';
import { profile } from '../../api/profile';
import { setPayPassword } from '../../api/security';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { PasswordItem } from '../../components/form/fields';
import { usePending } from '../../components/form/usePending';
import { useLoad } from '../../components/load/useLoad';
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
  const [pending, run] = usePending();
  const rules = authRules(t, (f) => form.getFieldValue(f));
  const onFinish = (v: PayForm) =>
    run(async () => {
      await setPayPassword(v);
      toastSuccess(t('acct.payPasswordSet'));
      goBack(navigate, 'setting/security');
    });
  return (
    <FormPage title={t('route.setting.payPassword')} load={load}>
      {(p) => (
        <>
          <p className={styles.hint}>
            {p.has_pay_password ? t('acct.payPasswordChangeHint') : t('acct.payPasswordSetHint')}
          </p>
          <VerticalForm form={form} onFinish={onFinish} pending={pending} submit={t('common.confirm')}>
            <PasswordItem
              name="oldPasswd"
              label={p.has_pay_password ? t('acct.oldPayPassword') : t('acct.loginPassword')}
              rules={[{ required: true, message: t('valid.passwordRequired') }]}
              autoComplete={p.has_pay_password ? 'off' : 'current-password'}
              placeholder={t('auth.passwordPlaceholder')}
            />
            <PasswordItem
              name="password"
              label={t('acct.newPayPassword')}
              rules={rules.password}
              placeholder={t('auth.passwordRule', PASSWORD_RULE)}
            />
            <PasswordItem
              name="re_password"
              label={t('auth.confirmPassword')}
              dependencies={['password']}
              rules={rules.confirm('password')}
              placeholder={t('auth.confirmPlaceholder')}
            />
          </VerticalForm>
        </>
      )}
    </FormPage>
  );
}
