import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { keepFocus } from '../../components/keepFocus';
import { toastSuccess } from '../../lib/toast';
import { forget, sendMailCode } from '../../api/user';
import { PATHS } from '../../nav/paths';
import { CodeButton } from '../../components/form/CodeButton';
import { PASSWORD_RULE } from '../../../core';
import { authRules } from '../../components/form/rules';
import styles from './auth.module.css';

interface ForgetForm {
  account: string;
  code: string;
  password: string;
  repassword: string;
}

export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetForm>();
  const [pending, setPending] = useState(false);
  const rules = authRules(t, (f) => form.getFieldValue(f));

  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['account']);
    } catch {
      return false;
    }
    try {
      const account = String(form.getFieldValue('account')).trim();
      await sendMailCode(account, 'forget');
      // the code goes where the account is: a mailbox, or a phone's text messages
      toastSuccess(t(account.includes('@') ? 'auth.codeSent' : 'auth.codeSentPhone'));
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = async (v: ForgetForm) => {
    setPending(true);
    try {
      await forget({ account: v.account.trim(), password: v.password, repassword: v.repassword, code: v.code });
      toastSuccess(t('auth.resetOk'));
      navigate(PATHS.login, { replace: true });
    } catch {
      /* reason toasted by the client; input kept */
    } finally {
      setPending(false);
    }
  };

  return (
    <PageFrame title={t('route.common.forget')}>
      <div className={styles.wrap}>
        <p className={styles.sub}>{t('auth.forgetSub')}</p>
        <Form
          form={form}
          name="forget"
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
              {t('auth.resetPassword')}
            </Button>
          }
        >
          <Form.Item name="account" label={t('auth.email')} validateTrigger="onBlur" rules={rules.email}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('auth.emailPlaceholder')}
              clearable
            />
          </Form.Item>
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
          <Form.Item name="password" label={t('auth.newPassword')} validateTrigger="onBlur" rules={rules.password}>
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
            rules={rules.confirm('password')}
            dependencies={['password']}
          >
            <Input type="password" autoComplete="new-password" placeholder={t('auth.confirmPlaceholder')} clearable />
          </Form.Item>
        </Form>
      </div>
    </PageFrame>
  );
}
