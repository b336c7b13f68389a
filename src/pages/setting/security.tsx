import { useState } from 'react';
import { Button, Form, Input, List, Popup, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { pathOf } from '../../nav/paths';
import { profile } from '../../api/profile';
import { bindEmail, bindMobile, emailSend, smsSend } from '../../api/security';
import { isCode, isEmail, isMobile } from '../../lib/validators';
import { CodeButton } from '../../components/form/CodeButton';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { pickedArea } from '../../components/form/areaPick';
import { Devices } from './Devices';
import styles from '../../components/account.module.css';

type Binding = 'email' | 'mobile' | null;
type Sheet = Binding | 'devices';

/** Security centre: passwords, the authenticator, and binding a phone and an email. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => profile());
  const [open, setOpen] = useState<Sheet>(null);
  const state = (on: boolean) => (
    <Tag color={on ? 'success' : 'default'} fill="outline">
      {on ? t('acct.bound') : t('acct.notBound')}
    </Tag>
  );
  return (
    <PageFrame title={t('route.setting.security')}>
      <LoadState load={load}>
        {(p) => (
          <List className={styles.list}>
            <List.Item onClick={() => navigate(pathOf('setting/password'))}>{t('route.setting.password')}</List.Item>
            <List.Item
              onClick={() => navigate(pathOf('setting/payPassword'))}
              extra={state(p.has_pay_password)}
              data-testid="sec-pay"
            >
              {t('route.setting.payPassword')}
            </List.Item>
            <List.Item
              onClick={() => navigate(pathOf('setting/bingga'))}
              extra={state(p.ga_bound)}
              data-testid="sec-ga"
            >
              {t('route.setting.bingga')}
            </List.Item>
            <List.Item
              onClick={() => setOpen('mobile')}
              extra={p.mobile ? `+${p.area_code ?? ''} ${p.mobile}` : state(false)}
              data-testid="sec-mobile"
            >
              {t('acct.bindPhone')}
            </List.Item>
            <List.Item onClick={() => setOpen('email')} extra={p.email ?? state(false)} data-testid="sec-email">
              {t('acct.bindEmail')}
            </List.Item>
            <List.Item onClick={() => setOpen('devices')} data-testid="sec-devices">
              {t('devices.entry')}
            </List.Item>
          </List>
        )}
      </LoadState>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        {open === 'devices' ? (
          <Devices />
        ) : open ? (
          <BindForm
            kind={open}
            onDone={() => {
              setOpen(null);
              void load.reload();
            }}
          />
        ) : null}
      </Popup>
    </PageFrame>
  );
}

function BindForm({ kind, onDone }: { kind: 'email' | 'mobile'; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ target: string; code: string }>();
  const [pending, setPending] = useState(false);
  const area = pickedArea();
  const valid = kind === 'email' ? isEmail : isMobile;

  const send = async () => {
    try {
      await form.validateFields(['target']);
    } catch {
      return false;
    }
    const target = String(form.getFieldValue('target')).trim();
    try {
      if (kind === 'email') await emailSend(target);
      else await smsSend(target, area.code);
      toastSuccess(t(kind === 'email' ? 'auth.codeSent' : 'auth.codeSentPhone'));
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = async (v: { target: string; code: string }) => {
    setPending(true);
    try {
      if (kind === 'email') await bindEmail({ email: v.target.trim(), code: v.code });
      else await bindMobile({ mobile: v.target.trim(), code: v.code, area_code: area.code });
      toastSuccess(t('acct.bindDone'));
      onDone();
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.wrap} data-testid={`bind-${kind}`}>
      <h2>{kind === 'email' ? t('acct.bindEmail') : t('acct.bindPhone')}</h2>
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
            {t('acct.bind')}
          </Button>
        }
      >
        {kind === 'mobile' ? (
          <Form.Item label={t('route.setting.areas')} onClick={() => navigate(pathOf('setting/areas'))} arrowIcon>
            {area.name} (+{area.code})
          </Form.Item>
        ) : null}
        <Form.Item
          name="target"
          label={kind === 'email' ? t('auth.email') : t('acct.mobile')}
          validateTrigger="onBlur"
          rules={[
            {
              required: true,
              whitespace: true,
              message: kind === 'email' ? t('valid.emailRequired') : t('acct.mobileRequired'),
            },
            {
              validator: (_r, v: string | undefined) =>
                !v || valid(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(kind === 'email' ? t('valid.emailInvalid') : t('acct.mobileInvalid'))),
            },
          ]}
        >
          <Input
            inputMode={kind === 'email' ? 'email' : 'tel'}
            placeholder={kind === 'email' ? t('auth.emailPlaceholder') : t('acct.mobilePlaceholder')}
            clearable
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('auth.code')}
          validateTrigger="onBlur"
          extra={<CodeButton send={send} />}
          rules={[
            { required: true, message: t('valid.codeRequired') },
            {
              validator: (_r, v: string | undefined) =>
                !v || isCode(v) ? Promise.resolve() : Promise.reject(new Error(t('valid.codeInvalid'))),
            },
          ]}
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('auth.codePlaceholder')}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
