import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageFrame } from '../../components/PageFrame';
import { session } from '../../stores/session';
import { PATHS } from '../../nav/paths';
import { guestToken, startGuest } from '../../api/service';
import { Chat } from './Chat';
import s from './service.module.css';

/**
 * Customer service: a live conversation with the operators. Opened from a record
 * (`?ref=recharge:12`) it attaches that record to the next message. Guests (no login) first leave
 * an email to be answered at (mailed replies once it answers its code); their browser keeps the
 * conversation's token. Both send images.
 */
export default function ServicePage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const [guest, setGuest] = useState(() => guestToken());
  const enabled = !!token || !!guest;
  return (
    <PageFrame title={t('route.kefu.index')}>
      {enabled ? <Chat guest={!token} /> : <GuestGate onStarted={() => setGuest(guestToken())} />}
    </PageFrame>
  );
}

function GuestGate({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const onFinish = async (v: { email: string }) => {
    setPending(true);
    try {
      await startGuest(v.email.trim());
      onStarted();
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={s.gate}>
      <h2 className={s.gateTitle}>{t('service.guestTitle')}</h2>
      <p className={s.muted}>{t('service.guestHint')}</p>
      <Form
        layout="vertical"
        onFinish={onFinish}
        requiredMarkStyle="none"
        footer={
          <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending}>
            {t('service.start')}
          </Button>
        }
      >
        <Form.Item
          name="email"
          label={t('service.email')}
          rules={[{ required: true, type: 'email', message: t('service.emailInvalid') }]}
        >
          <Input type="email" autoComplete="email" placeholder="name@example.com" />
        </Form.Item>
      </Form>
      <Button block fill="none" color="primary" onClick={() => navigate(PATHS.login)}>
        {t('service.login')}
      </Button>
    </div>
  );
}
