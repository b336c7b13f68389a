import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OtcMessage } from '../../../core';
import { useUserEvents } from '../../market';
import { orderChat, sendChat } from '../../api/otc';
import s from './otc.module.css';

/** The order's chat: stored messages, caught up after the last id whenever the socket says there is more. */
export function OrderChat({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [msgs, setMsgs] = useState<OtcMessage[]>([]);
  const [text, setText] = useState('');
  const last = useRef(0);
  const add = (more: OtcMessage[]) => {
    const fresh = more.filter((m) => m.id > last.current);
    if (!fresh.length) return;
    last.current = fresh[fresh.length - 1].id;
    setMsgs((cur) => [...cur, ...fresh]);
  };
  const catchUp = () => orderChat(orderId, last.current).then(add, () => undefined);
  useEffect(() => {
    last.current = 0;
    setMsgs([]);
    void catchUp();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new order starts a new thread
  }, [orderId]);
  useUserEvents((e) => {
    if (e.kind === 'otc' && e.otc.order_id === orderId && e.otc.what === 'message') void catchUp();
  });
  const send = async () => {
    const body = text.trim();
    if (!body) return;
    try {
      add(await sendChat(orderId, body));
      setText('');
    } catch {
      /* toasted */
    }
  };
  return (
    <section className={s.card} aria-label={t('otc.chat')}>
      <strong>{t('otc.chat')}</strong>
      <div className={s.chat} data-testid="otc-chat">
        {msgs.length === 0 ? <span className={s.muted}>{t('otc.chatEmpty')}</span> : null}
        {msgs.map((m) => (
          <div
            key={m.id}
            className={`${s.msg} ${m.from === 'me' ? s.me : m.from === 'system' ? s.system : ''}`}
            data-from={m.from}
          >
            {m.body}
            {m.attachment_url ? <img className={s.proof} src={m.attachment_url} alt={t('otc.attachment')} /> : null}
          </div>
        ))}
      </div>
      <div className={s.send}>
        <Input
          value={text}
          onChange={setText}
          maxLength={500}
          placeholder={t('otc.chatPlaceholder')}
          aria-label={t('otc.chatPlaceholder')}
          onEnterPress={() => void send()}
          data-testid="otc-chat-input"
        />
        <Button
          size="small"
          color="primary"
          onClick={() => void send()}
          disabled={!text.trim()}
          data-testid="otc-chat-send"
        >
          {t('otc.send')}
        </Button>
      </div>
    </section>
  );
}
