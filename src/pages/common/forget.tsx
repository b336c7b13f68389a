import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import { VerticalForm } from '../../components/form/VerticalForm';
import { CodeItem, EmailItem, PasswordItem } from '../../components/form/fields';
import { useForget } from './useForget';
import styles from './auth.module.css';

export default function ForgetPage() {
  const { t } = useTranslation();
  const { form, pending, sendCode, onFinish } = useForget();
  const rules = authRules(t, (f) => form.getFieldValue(f));

  return (
    <PageFrame title={t('route.common.forget')}>
      <div className={styles.wrap}>
        <p className={styles.sub}>{t('auth.forgetSub')}</p>
        <VerticalForm
          form={form}
          name="forget"
          className={styles.form}
          onFinish={onFinish}
          pending={pending}
          submit={t('auth.resetPassword')}
        >
          <EmailItem name="account" label={t('auth.email')} rules={rules.email} />
          <CodeItem name="code" label={t('auth.code')} rules={rules.code} send={sendCode} />
          <PasswordItem
            name="password"
            label={t('auth.newPassword')}
            rules={rules.password}
            autoComplete="new-password"
            placeholder={t('auth.passwordRule', PASSWORD_RULE)}
            clearable
          />
          <PasswordItem
            name="repassword"
            label={t('auth.confirmPassword')}
            rules={rules.confirm('password')}
            dependencies={['password']}
            autoComplete="new-password"
            placeholder={t('auth.confirmPlaceholder')}
            clearable
          />
        </VerticalForm>
      </div>
    </PageFrame>
  );
}
