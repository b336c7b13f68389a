import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { PATHS } from '../../nav/paths';
import { forget, sendMailCode } from '../../api/user';
import { profile } from '../../api/profile';
import { clearUser } from '../../stores/session';
import { CodeButton } from '../../components/form/CodeButton';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
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
  const [pending, setPending] = useState(false);
  const rules = authRules(t, (f) => form.getFieldValue(f));

  return (
    <PageFrame title={t('route.setting.password')}>
      <LoadState load={load}>
        {(p) => {
          const account = p.email ?? p.mobile ?? p.account;
          const onFinish = async (v: PwForm) => {
            setPending(true);
            try {
              await forget({ account, password: v.password, repassword: v.repassword, code: v.code });
              toastSuccess(t('acct.passwordChanged'));
              // the server ends every session on a password change
              clearUser();
              navigate(PATHS.login, { replace: true });
            } catch {
              /* toasted */
            } finally {
              setPending(false);
            }
          };
          return (
            <div className={styles.wrap}>
              <p className={styles.hint}>{t('acct.codeGoesTo', { to: account })}</p>
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
                  name="code"
                  label={t('auth.code')}
                  validateTrigger="onBlur"
                  rules={rules.code}
                  extra={
                    <CodeButton
                      send={async () => {
                        try {
                          await sendMailCode(account, 'forget');
                          toastSuccess(t(account.includes('@') ? 'auth.codeSent' : 'auth.codeSentPhone'));
                          return true;
                        } catch {
                          return false;
                        }
                      }}
                    />
                  }
                >
                  <Input
                    inputMode="numeric"
                    maxLength={6}
                    autoComplete="one-time-code"
                    placeholder={t('auth.codePlaceholder')}
                  />
                </Form.Item>
                <Form.Item
                  name="password"
                  label={t('acct.newPassword')}
                  validateTrigger="onBlur"
                  rules={rules.password}
                >
                  <Input
                    type="password"
                    autoComplete="new-password"
                    placeholder={t('auth.passwordRule', PASSWORD_RULE)}
                    clearable
                  />
                </Form.Item>
                <Form.Item
                  name="repassword"
                  label={t('auth.confirmPassword')}
                  validateTrigger="onBlur"
                  dependencies={['password']}
                  rules={rules.confirm('password')}
                >
                  <Input
                    type="password"
                    autoComplete="new-password"
                    placeholder={t('auth.confirmPlaceholder')}
                    clearable
                  />
                </Form.Item>
              </Form>
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
