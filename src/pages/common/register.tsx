import { Form, Input, Tabs } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LangSwitch } from '../../components/LangSwitch';
import { PATHS } from '../../nav/paths';
import { PASSWORD_RULE } from '../../../core';
import { authRules, mobileRules } from '../../components/form/rules';
import { AreaSelect } from '../../components/form/AreaSelect';
import { VerticalForm } from '../../components/form/VerticalForm';
import { CodeItem, EmailItem, PasswordItem } from '../../components/form/fields';
import { useRegister } from './useRegister';
import styles from './auth.module.css';

export default function RegisterPage() {
  const { t } = useTranslation();
  const r = useRegister();
  const rules = authRules(t, (f) => r.form.getFieldValue(f));

  return (
    <PageFrame title={t('auth.register')} right={<LangSwitch />}>
      <div className={styles.wrap}>
        <h2 className={styles.hello}>{t('auth.createAccount')}</h2>
        <Tabs activeKey={r.kind} onChange={r.switchKind} className={styles.kindTabs}>
          <Tabs.Tab key="email" title={t('auth.byEmail')} />
          <Tabs.Tab key="mobile" title={t('auth.byPhone')} />
        </Tabs>
        <VerticalForm
          form={r.form}
          name="register"
          initialValues={{ invite: r.inviteFromLink }}
          className={styles.form}
          onFinish={r.onFinish}
          pending={r.pending}
          submit={t('auth.register')}
        >
          {r.kind === 'email' ? (
            <EmailItem key="email" name="email" label={t('auth.email')} rules={rules.email} />
          ) : (
            <MobileItem key="mobile" area={r.area} onArea={r.setArea} />
          )}
          <CodeItem name="code" label={t('auth.code')} rules={rules.code} send={r.sendCode} />
          <PasswordItem
            name="password"
            label={t('auth.password')}
            rules={rules.password}
            autoComplete="new-password"
            placeholder={t('auth.passwordRule', PASSWORD_RULE)}
            clearable
          />
          <PasswordItem
            name="re_password"
            label={t('auth.confirmPassword')}
            rules={rules.confirm('password')}
            dependencies={['password']}
            autoComplete="new-password"
            placeholder={t('auth.confirmPlaceholder')}
            clearable
          />
          <Form.Item
            name="invite"
            label={r.inviteRequired ? t('auth.invite') : t('auth.inviteOptional')}
            validateTrigger="onBlur"
            rules={r.inviteRequired ? [{ required: true, whitespace: true, message: t('valid.inviteRequired') }] : []}
          >
            <Input placeholder={t('auth.invitePlaceholder')} autoComplete="off" clearable />
          </Form.Item>
        </VerticalForm>
        <div className={styles.links}>
          <Link className={styles.link} to={PATHS.login}>
            {t('auth.toLogin')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}

/** A mobile number (the form's `email` field: the account either way) with its calling code beside it. */
function MobileItem({ area, onArea }: { area: string; onArea: (iso: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="email"
      label={t('acct.mobile')}
      validateTrigger="onBlur"
      rules={mobileRules(t)}
      extra={<AreaSelect value={area} onChange={onArea} />}
    >
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        placeholder={t('acct.mobilePlaceholder')}
        clearable
      />
    </Form.Item>
  );
}
