import { useState } from 'react';
import { Button, Form, Input, Tabs } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageFrame } from '../../components/PageFrame';
import { keepFocus } from '../../components/keepFocus';
import { LangSwitch } from '../../components/LangSwitch';
import { toastSuccess } from '../../lib/toast';
import { checkEmail, register, sendMailCode } from '../../api/user';
import { session } from '../../stores/session';
import { site } from '../../stores/site';
import { PATHS } from '../../nav/paths';
import { CodeButton } from '../../components/form/CodeButton';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import { AreaSelect } from '../../components/form/AreaSelect';
import { AREAS } from '../../components/form/areaPick';
import { isMobile } from '../../lib/validators';
import styles from './auth.module.css';

interface RegisterForm {
  /** an email, or a mobile number (spec §3: register by either) */
  email: string;
  code: string;
  password: string;
  re_password: string;
  invite: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useSnapshot(site);
  const inviteRequired = !!config?.invite_required;
  const [form] = Form.useForm<RegisterForm>();
  // An invite link (setting/share) carries the inviter's code: prefill it.
  const [params] = useSearchParams();
  const inviteFromLink = params.get('invite_code') ?? '';
  const [pending, setPending] = useState(false);
  const [kind, setKind] = useState<'email' | 'mobile'>('email');
  const [area, setArea] = useState(AREAS[0].iso);
  const areaCode = AREAS.find((a) => a.iso === area)?.code ?? AREAS[0].code;
  const rules = authRules(t, (f) => form.getFieldValue(f));
  const accountRules =
    kind === 'email'
      ? rules.email
      : [
          { required: true, whitespace: true, message: t('acct.mobileRequired') },
          {
            validator: (_r: unknown, v: string | undefined) =>
              !v || isMobile(v) ? Promise.resolve() : Promise.reject(new Error(t('acct.mobileInvalid'))),
          },
        ];

  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['email']);
    } catch {
      return false;
    }
    try {
      await sendMailCode(
        String(form.getFieldValue('email')).trim(),
        'register',
        kind === 'mobile' ? areaCode : undefined,
      );
      toastSuccess(t(kind === 'email' ? 'auth.codeSent' : 'auth.codeSentPhone'));
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = async (v: RegisterForm) => {
    const user_string = v.email.trim();
    setPending(true);
    try {
      await checkEmail({ user_string, scene: 'register', email_code: v.code, lang: session.lang });
      await register({
        user_string,
        password: v.password,
        re_password: v.re_password,
        type: kind,
        ...(kind === 'mobile' ? { area_code: areaCode } : {}),
        code: v.code,
        extension_code: (v.invite ?? '').trim(),
      });
      toastSuccess(t('auth.registerOk'));
      // the login page opens with the new account filled in
      navigate(PATHS.login, { replace: true, state: { account: user_string } });
    } catch {
      // the server's reason was toasted; keep what the user typed
    } finally {
      setPending(false);
    }
  };

  return (
    <PageFrame title={t('auth.register')} right={<LangSwitch />}>
      <div className={styles.wrap}>
        <h2 className={styles.hello}>{t('auth.createAccount')}</h2>
        <Tabs
          activeKey={kind}
          onChange={(k) => {
            setKind(k === 'mobile' ? 'mobile' : 'email');
            form.resetFields(['email', 'code']);
          }}
          className={styles.kindTabs}
        >
          <Tabs.Tab key="email" title={t('auth.byEmail')} />
          <Tabs.Tab key="mobile" title={t('auth.byPhone')} />
        </Tabs>
        <Form
          form={form}
          name="register"
          initialValues={{ invite: inviteFromLink }}
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
              {t('auth.register')}
            </Button>
          }
        >
          {kind === 'email' ? (
            <Form.Item key="email" name="email" label={t('auth.email')} validateTrigger="onBlur" rules={accountRules}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={t('auth.emailPlaceholder')}
                clearable
              />
            </Form.Item>
          ) : (
            <Form.Item
              key="mobile"
              name="email"
              label={t('acct.mobile')}
              validateTrigger="onBlur"
              rules={accountRules}
              extra={<AreaSelect value={area} onChange={setArea} />}
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
          )}
          <Form.Item
            name="code"
            label={t('auth.code')}
            validateTrigger="onBlur"
            rules={rules.code}
            extra={<CodeButton send={sendCode} />}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('auth.codePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} validateTrigger="onBlur" rules={rules.password}>
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={t('auth.passwordRule', PASSWORD_RULE)}
              clearable
            />
          </Form.Item>
          <Form.Item
            name="re_password"
            label={t('auth.confirmPassword')}
            validateTrigger="onBlur"
            rules={rules.confirm('password')}
            dependencies={['password']}
          >
            <Input type="password" autoComplete="new-password" placeholder={t('auth.confirmPlaceholder')} clearable />
          </Form.Item>
          <Form.Item
            name="invite"
            label={inviteRequired ? t('auth.invite') : t('auth.inviteOptional')}
            validateTrigger="onBlur"
            rules={inviteRequired ? [{ required: true, whitespace: true, message: t('valid.inviteRequired') }] : []}
          >
            <Input placeholder={t('auth.invitePlaceholder')} autoComplete="off" clearable />
          </Form.Item>
        </Form>
        <div className={styles.links}>
          <Link className={styles.link} to={PATHS.login}>
            {t('auth.toLogin')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
