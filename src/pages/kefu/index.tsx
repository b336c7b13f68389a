import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Form, ImageViewer, Input, NoticeBar, Switch, TextArea } from 'antd-mobile';
import { PictureOutline, CloseOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ServiceMessage, ServiceRef, ServiceStatus } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { session } from '../../stores/session';
import { PATHS } from '../../nav/paths';
import { guestToken, serviceEmailReply, serviceStatus, startGuest } from '../../api/service';
import { serviceUpload } from './upload';
import { GuestVerify } from './GuestVerify';
import { toast } from '../../lib/toast';
import { useThread } from './useThread';
import { readRef } from './refs';
import { formatHours } from './hours';
import s from './kefu.module.css';

/**
 * Customer service: a live conversation with the operators. Opened from a record
 * (`?ref=recharge:12`) it attaches that record to the next message. Guests (no login) first leave
 * an email to be answered at (mailed replies once it answers its code); their browser keeps the
 * conversation's token. Both send images.
 */
export default function KefuPage() {
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

function Chat({ guest }: { guest: boolean }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [ref, setRef] = useState<ServiceRef | null>(() => (guest ? null : readRef(params.get('ref'))));
  const th = useThread({ guest, enabled: true });
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const load = () =>
      serviceStatus()
        .then(setStatus)
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, 60_000);
    return () => clearInterval(timer);
  }, []);

  // keep the newest message in view as messages arrive
  const newest = th.messages.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  const send = async (input: { body: string; attachment?: string }) => {
    setSending(true);
    try {
      await th.send({ ...input, ...(ref ? { ref_type: ref.type, ref_id: ref.id } : {}) });
      setRef(null);
      return true;
    } catch {
      return false; /* toasted; the draft stays */
    } finally {
      setSending(false);
    }
  };
  const onSend = async () => {
    const body = draft.trim();
    if (!body && !ref) return;
    if (await send({ body })) setDraft('');
  };
  const onPick = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setSending(true);
    try {
      const attachment = await serviceUpload(file);
      await send({ body: '', attachment });
    } catch (err) {
      toast((err as Error).message || t('common.requestFailed'));
    } finally {
      setSending(false);
    }
  };
  const toggleEmail = async (on: boolean) => {
    th.setEmailReply(on);
    await serviceEmailReply(on).catch(() => th.setEmailReply(!on));
  };

  const lastMine = [...th.messages].reverse().find((m) => m.sender === 'user');
  const refLabel = (r: ServiceRef) => t(`service.ref.${r.type}`, { id: r.id });

  return (
    <div className={s.chat}>
      {status && !status.online ? (
        <NoticeBar
          className={s.notice}
          color="alert"
          wrap
          content={
            status.in_hours
              ? t('service.offline')
              : `${t('service.closedNow')} ${t('service.hours', { hours: formatHours(status.hours, i18n.language) })}`
          }
          data-testid="service-offline"
        />
      ) : null}
      <div className={s.options}>
        {guest ? (
          th.emailVerified ? (
            <span className={s.muted}>{t('service.guestMailed')}</span>
          ) : (
            <GuestVerify onVerified={() => th.setEmailVerified(true)} />
          )
        ) : (
          <label className={s.emailMe}>
            <span>{t('service.emailMe')}</span>
            <Switch checked={th.emailReply} onChange={toggleEmail} aria-label={t('service.emailMe')} />
          </label>
        )}
      </div>
      <div
        className={s.list}
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label={t('route.kefu.index')}
        data-testid="service-thread"
      >
        {th.hasMore ? (
          <Button size="mini" fill="none" className={s.earlier} onClick={() => void th.loadEarlier()}>
            {t('service.earlier')}
          </Button>
        ) : null}
        {th.ready && !th.messages.length ? <p className={s.empty}>{t('service.empty')}</p> : null}
        {th.messages.map((m) => (
          <Bubble
            key={m.id}
            m={m}
            label={m.ref ? t('service.attached', { what: refLabel(m.ref) }) : ''}
            onImage={setViewing}
            staffLabel={t('service.staff')}
            imageLabel={t('service.viewImage')}
            receipt={
              m.id === lastMine?.id ? (th.receipts.staff_read_id >= m.id ? t('service.read') : t('service.sent')) : ''
            }
          />
        ))}
      </div>
      {ref ? (
        <div className={s.refBar} data-testid="service-ref">
          <span>{t('service.attaching', { what: refLabel(ref) })}</span>
          <button type="button" className={s.iconBtn} onClick={() => setRef(null)} aria-label={t('service.removeRef')}>
            <CloseOutline aria-hidden />
          </button>
        </div>
      ) : null}
      <div className={s.composer}>
        <button
          type="button"
          className={s.iconBtn}
          onClick={() => fileRef.current?.click()}
          disabled={sending}
          aria-label={t('service.image')}
        >
          <PictureOutline aria-hidden />
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          onChange={onPick}
          data-testid="service-file"
        />
        <TextArea
          className={s.input}
          value={draft}
          onChange={setDraft}
          placeholder={t('service.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={2000}
          aria-label={t('service.placeholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void onSend();
            }
          }}
        />
        <Button
          color="primary"
          size="small"
          onClick={() => void onSend()}
          loading={sending}
          disabled={sending || (!draft.trim() && !ref)}
          data-testid="service-send"
        >
          {t('service.send')}
        </Button>
      </div>
      <ImageViewer image={viewing} visible={!!viewing} onClose={() => setViewing('')} />
    </div>
  );
}

interface BubbleProps {
  m: ServiceMessage;
  label: string;
  onImage: (url: string) => void;
  staffLabel: string;
  imageLabel: string;
  /** under the customer's newest message: Sent, or Read once an operator has read it */
  receipt: string;
}

function Bubble({ m, label, onImage, staffLabel, imageLabel, receipt }: BubbleProps) {
  const time = new Date(m.created_at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (m.sender === 'system') return <p className={s.system}>{label}</p>;
  const mine = m.sender === 'user';
  return (
    <div className={mine ? s.rowMine : s.row} data-testid="service-message" data-sender={m.sender}>
      {!mine ? <span className={s.who}>{staffLabel}</span> : null}
      <div className={mine ? s.bubbleMine : s.bubble}>
        {m.image_url ? (
          <button type="button" className={s.imageBtn} onClick={() => onImage(m.image_url)} aria-label={imageLabel}>
            <img src={m.image_url} alt="" className={s.image} />
          </button>
        ) : null}
        {m.body ? (
          <span className={s.text} data-may-truncate>
            {m.body}
          </span>
        ) : null}
      </div>
      <span className={s.time}>
        <time>{time}</time>
        {receipt ? (
          <span className={s.receipt} data-testid="service-receipt">
            {' · '}
            {receipt}
          </span>
        ) : null}
      </span>
    </div>
  );
}
