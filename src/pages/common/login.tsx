import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageFrame } from '../../components/PageFrame';
import { keepFocus } from '../../components/keepFocus';
import { LangSwitch } from '../../components/LangSwitch';
import { toastSuccess } from '../../lib/toast';
import { login, userInfo } from '../../api/user';
import { session, setToken, setUser } from '../../stores/session';
import { PATHS } from '../../nav/paths';
import styles from './auth.module.css';

interface LoginForm {
  account: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { site_name, token } = useSnapshot(session);
  const [form] = Form.useForm<LoginForm>();
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // registration hands over the new account so the user types only the password
  const fromRegister = (useLocation().state as { account?: unknown } | null)?.account;
  const initialAccount = typeof fromRegister === 'string' ? fromRegister : '';

  const onFinish = async (v: LoginForm) => {
    setPending(true);
    try {
      const token = await login({ user_string: v.account.trim(), password: v.password });
      setToken(token);
      try {
        setUser(await userInfo());
      } catch {
        /* the token is good; the profile is fetched again where it is shown */
      }
      toastSuccess(t('auth.loginOk'));
      // pending stays on: this page keeps rendering while it fades out, and its guard below must not
      // send the user back Home if they have already tapped on to another page.
      navigate(PATHS.home, { replace: true });
    } catch {
      // the client has toasted the server's reason; the typed input stays for a retry
      setPending(false);
    }
  };

  // A user already logged in has nothing to do here; not while this page's own login finishes.
  if (token && !pending) return <Navigate to={PATHS.home} replace />;

  return (
    <PageFrame title={t('auth.login')} right={<LangSwitch />}>
      <div className={styles.wrap}>
        <h2 className={styles.hello}>{t('auth.welcome', { name: site_name })}</h2>
        <p className={styles.sub}>{t('auth.loginSub')}</p>
        <Form
          form={form}
          name="login"
          layout="vertical"
          className={styles.form}
          onFinish={onFinish}
          requiredMarkStyle="none"
          initialValues={{ account: initialAccount }}
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
              {t('auth.login')}
            </Button>
          }
        >
          <Form.Item
            name="account"
            label={t('auth.account')}
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: t('valid.accountRequired') }]}
          >
            <Input placeholder={t('auth.accountPlaceholder')} autoComplete="username" inputMode="email" clearable />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            extra={
              <button
                type="button"
                className={styles.reveal}
                onClick={() => setShowPassword(!showPassword)}
                aria-pressed={showPassword}
                aria-label={t('auth.showPassword')}
              >
                {showPassword ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
              </button>
            }
            validateTrigger="onBlur"
            // presence only: the password rule is for new passwords (core/policy/password.ts), and the
            // server answers a wrong one without saying which rule it would break
            rules={[{ required: true, message: t('valid.passwordRequired') }]}
          >
            <Input
              type={showPassword ? 'text' : 'password'}
              placeholder={t('auth.passwordPlaceholder')}
              autoComplete="current-password"
              clearable
            />
          </Form.Item>
        </Form>
        <div className={styles.links}>
          <Link className={styles.link} to={PATHS.register}>
            {t('auth.toRegister')}
          </Link>
          <Link className={styles.link} to={PATHS.forget}>
            {t('auth.forgot')}
          </Link>
        </div>
        <div className={styles.links}>
          <Link className={styles.link} to={PATHS.kefu} data-testid="login-service">
            {t('service.contact')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
