import { Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../nav/paths';
import { VerticalForm } from '../../components/form/VerticalForm';
import { CodeItem } from '../../components/form/fields';
import { codeRules, emailRules, mobileRules } from '../../components/form/rules';
import { useBindTarget, type BindKind } from './useBindTarget';
import styles from '../../components/account.module.css';

/** Security → bind a phone or an email: the address (a phone with its calling code), then the code sent to it. */
export function BindForm({ kind, onDone }: { kind: BindKind; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, pending, area, send, onFinish } = useBindTarget(kind, onDone);
  const email = kind === 'email';

  return (
    <div className={styles.wrap} data-testid={`bind-${kind}`}>
      <h2>{email ? t('acct.bindEmail') : t('acct.bindPhone')}</h2>
      <VerticalForm form={form} onFinish={onFinish} pending={pending} submit={t('acct.bind')}>
        {!email ? (
          <Form.Item label={t('route.setting.areas')} onClick={() => navigate(pathOf('setting/areas'))} arrowIcon>
            {area.name} (+{area.code})
          </Form.Item>
        ) : null}
        <Form.Item
          name="target"
          label={email ? t('auth.email') : t('acct.mobile')}
          validateTrigger="onBlur"
          rules={email ? emailRules(t) : mobileRules(t)}
        >
          <Input
            inputMode={email ? 'email' : 'tel'}
            placeholder={email ? t('auth.emailPlaceholder') : t('acct.mobilePlaceholder')}
            clearable
          />
        </Form.Item>
        <CodeItem name="code" label={t('auth.code')} rules={codeRules(t)} send={send} />
      </VerticalForm>
    </div>
  );
}
