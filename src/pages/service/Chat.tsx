import { useLayoutEffect, useRef, useState } from 'react';
import { Button, ImageViewer, NoticeBar, Switch, TextArea } from 'antd-mobile';
import { PictureOutline, CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ServiceMessage, ServiceRef, ServiceStatus } from '../../../core';
import { serviceEmailReply } from '../../api/service';
import { GuestVerify } from './GuestVerify';
import { useThread } from './useThread';
import { useComposer, type Composer } from './useComposer';
import { useServiceStatus } from './useServiceStatus';
import { formatHours } from './hours';
import s from './service.module.css';

type Thread = ReturnType<typeof useThread>;

const refLabel = (t: TFunction, r: ServiceRef) => t(`service.ref.${r.type}`, { id: r.id });

/** The conversation: who is online, the reply options, the messages, and the composer. */
export function Chat({ guest }: { guest: boolean }) {
  const th = useThread({ guest, enabled: true });
  const status = useServiceStatus();
  const composer = useComposer(th, guest);
  const [viewing, setViewing] = useState('');
  return (
    <div className={s.chat}>
      {status && !status.online ? <OfflineNotice status={status} /> : null}
      <ReplyOptions guest={guest} th={th} />
      <Messages th={th} onImage={setViewing} />
      {composer.ref ? <RefBar what={composer.ref} onRemove={composer.clearRef} /> : null}
      <ComposerBar composer={composer} />
      <ImageViewer image={viewing} visible={!!viewing} onClose={() => setViewing('')} />
    </div>
  );
}

function OfflineNotice({ status }: { status: ServiceStatus }) {
  const { t, i18n } = useTranslation();
  return (
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
  );
}

/** Guests verify their email to be answered there; members switch mailed replies on and off. */
function ReplyOptions({ guest, th }: { guest: boolean; th: Thread }) {
  const { t } = useTranslation();
  const toggleEmail = async (on: boolean) => {
    th.setEmailReply(on);
    await serviceEmailReply(on).catch(() => th.setEmailReply(!on));
  };
  return (
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
  );
}

function Messages({ th, onImage }: { th: Thread; onImage: (url: string) => void }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  // keep the newest message in view as messages arrive
  const newest = th.messages.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);
  const lastMine = [...th.messages].reverse().find((m) => m.sender === 'user');
  return (
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
          label={m.ref ? t('service.attached', { what: refLabel(t, m.ref) }) : ''}
          onImage={onImage}
          staffLabel={t('service.staff')}
          imageLabel={t('service.viewImage')}
          receipt={
            m.id === lastMine?.id ? (th.receipts.staff_read_id >= m.id ? t('service.read') : t('service.sent')) : ''
          }
        />
      ))}
    </div>
  );
}

function RefBar({ what, onRemove }: { what: ServiceRef; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.refBar} data-testid="service-ref">
      <span>{t('service.attaching', { what: refLabel(t, what) })}</span>
      <button type="button" className={s.iconBtn} onClick={onRemove} aria-label={t('service.removeRef')}>
        <CloseOutline aria-hidden />
      </button>
    </div>
  );
}

function ComposerBar({ composer: c }: { composer: Composer }) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className={s.composer}>
      <button
        type="button"
        className={s.iconBtn}
        onClick={() => fileRef.current?.click()}
        disabled={c.sending}
        aria-label={t('service.image')}
      >
        <PictureOutline aria-hidden />
      </button>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        onChange={c.onPick}
        data-testid="service-file"
      />
      <TextArea
        className={s.input}
        value={c.draft}
        onChange={c.setDraft}
        placeholder={t('service.placeholder')}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={2000}
        aria-label={t('service.placeholder')}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void c.onSend();
          }
        }}
      />
      <Button
        color="primary"
        size="small"
        onClick={() => void c.onSend()}
        loading={c.sending}
        disabled={c.sending || (!c.draft.trim() && !c.ref)}
        data-testid="service-send"
      >
        {t('service.send')}
      </Button>
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
