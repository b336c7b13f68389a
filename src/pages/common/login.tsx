import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageFrame } from '../../components/PageFrame';
import { LangSwitch } from '../../components/LangSwitch';
import { VerticalForm } from '../../components/form/VerticalForm';
import { session } from '../../stores/session';
import { PATHS } from '../../nav/paths';
import { useLogin } from './useLogin';
import styles from './auth.module.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const { site_name, token } = useSnapshot(session);
  const { form, pending, initialAccount, onFinish } = useLogin();
  const [showPassword, setShowPassword] = useState(false);

  // A user already logged in has nothing to do here; not while this page's own login finishes.
  if (token && !pending) return <Navigate to={PATHS.home} replace />;

  return (
    <PageFrame title={t('auth.login')} right={<LangSwitch />}>
      <div className={styles.wrap}>
        <h2 className={styles.hello}>{t('auth.welcome', { name: site_name })}</h2>
        <p className={styles.sub}>{t('auth.loginSub')}</p>
        <VerticalForm
          form={form}
          name="login"
          className={styles.form}
          onFinish={onFinish}
          initialValues={{ account: initialAccount }}
          pending={pending}
          submit={t('auth.login')}
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
            extra={<RevealButton shown={showPassword} onToggle={() => setShowPassword(!showPassword)} />}
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
        </VerticalForm>
        <LoginLinks />
      </div>
    </PageFrame>
  );
}

/** The show-password toggle beside the password. */
function RevealButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.reveal}
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={t('auth.showPassword')}
    >
      {shown ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
    </button>
  );
}

/** Register, forgot password, and customer service. */
function LoginLinks() {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.links}>
        <Link className={styles.link} to={PATHS.register}>
          {t('auth.toRegister')}
        </Link>
        <Link className={styles.link} to={PATHS.forget}>
          {t('auth.forgot')}
        </Link>
      </div>
      <div className={styles.links}>
        <Link className={styles.link} to={PATHS.service} data-testid="login-service">
          {t('service.contact')}
        </Link>
      </div>
    </>
  );
}
