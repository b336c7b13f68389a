import { Form } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { PATHS } from '../../nav/paths';
import { forget, sendMailCode } from '../../api/user';
import { profile } from '../../api/profile';
import { clearUser } from '../../stores/session';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { CodeItem, PasswordItem } from '../../components/form/fields';
import { usePending } from '../../components/form/usePending';
import { useLoad } from '../../components/load/useLoad';
import styles from '../../components/account.module.css';

interface PwForm {
  code: string;
  password: string;
  repassword: string;
}

/** Change the login password with a code emailed to the account (/user/forget); then log in again. */
export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => profile());
  const [form] = Form.useForm<PwForm>();
  const [pending, run] = usePending();
  const rules = authRules(t, (f) => form.getFieldValue(f));

  return (
    <FormPage title={t('route.setting.password')} load={load}>
      {(p) => {
        const account = p.email ?? p.mobile ?? p.account;
        const onFinish = (v: PwForm) =>
          run(async () => {
            await forget({ account, password: v.password, repassword: v.repassword, code: v.code });
            toastSuccess(t('acct.passwordChanged'));
            // the server ends every session on a password change
            clearUser();
            navigate(PATHS.login, { replace: true });
          });
        const sendCode = async () => {
          try {
            await sendMailCode(account, 'forget');
            toastSuccess(t(account.includes('@') ? 'auth.codeSent' : 'auth.codeSentPhone'));
            return true;
          } catch {
            return false;
          }
        };
        return (
          <>
            <p className={styles.hint}>{t('acct.codeGoesTo', { to: account })}</p>
            <VerticalForm form={form} onFinish={onFinish} pending={pending} submit={t('common.confirm')}>
              <CodeItem name="code" label={t('auth.code')} rules={rules.code} send={sendCode} />
              <PasswordItem
                name="password"
                label={t('acct.newPassword')}
                rules={rules.password}
                autoComplete="new-password"
                placeholder={t('auth.passwordRule', PASSWORD_RULE)}
                clearable
              />
              <PasswordItem
                name="repassword"
                label={t('auth.confirmPassword')}
                dependencies={['password']}
                rules={rules.confirm('password')}
                autoComplete="new-password"
                placeholder={t('auth.confirmPlaceholder')}
                clearable
              />
            </VerticalForm>
          </>
        );
      }}
    </FormPage>
  );
}
