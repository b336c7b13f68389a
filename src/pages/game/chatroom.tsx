import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { reportChat, sendChat } from '../../api/chatroom';
import { session } from '../../stores/session';
import { toastSuccess } from '../../lib/toast';
import { clockTime } from './clock';
import { useChatRoom } from './useChatRoom';
import c from './chatroom.module.css';

/**
 * The public chat room: the last messages on entry, then live ones over the app's socket (the
 * `chat` user event; an operator's removal takes a message away at once), the sender's nickname and
 * identity level beside each message, a report button, and the sender's slow-mode interval and mute
 * stated where they type. After a reconnect, `online` or the tab shown again it asks for what came
 * after the last message id it holds (useChatRoom), so nothing is missed or shown twice.
 */
export default function ChatRoom() {
  const { t } = useTranslation();
  const { room, add, catchUp } = useChatRoom();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const me = session.user?.id;

  const count = room?.messages.length ?? 0;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count]);

  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      add(await sendChat(text));
      setText('');
    } catch {
      // the client has shown the reason (slow mode, muted…); the mute banner follows the server
      await catchUp();
    } finally {
      setBusy(false);
    }
  };
  const report = async (m: ChatMessage) => {
    const ok = await Dialog.confirm({
      content: t('chat.reportConfirm', { name: m.nickname }),
      confirmText: t('chat.report'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await reportChat(m.id);
    toastSuccess(t('chat.reported'));
  };
  const muted = room?.muted;

  return (
    <PageFrame title={t('route.game.chatroom')} bodyClassName={c.body}>
      <div
        className={c.list}
        ref={list}
        role="log"
        aria-live="polite"
        aria-label={t('route.game.chatroom')}
        data-testid="chat-list"
      >
        {room && room.messages.length === 0 ? <p className={c.empty}>{t('chat.empty')}</p> : null}
        {room?.messages.map((m) => (
          <article
            key={m.id}
            className={m.user_id === me ? `${c.msg} ${c.mine}` : c.msg}
            data-testid={`chat-msg-${m.id}`}
          >
            <header className={c.meta}>
              <span className={c.name} data-may-truncate>
                {m.nickname}
              </span>
              <span className={m.level > 0 ? c.verified : c.unverified}>
                {t(m.level > 0 ? 'chat.levelN' : 'chat.level0', { level: m.level })}
              </span>
              <time className={c.time}>{clockTime(m.at)}</time>
              {m.user_id !== me ? (
                <Button
                  size="mini"
                  fill="none"
                  className={c.report}
                  onClick={() => void report(m)}
                  aria-label={t('chat.reportOf', { name: m.nickname })}
                >
                  {t('chat.report')}
                </Button>
              ) : null}
            </header>
            <p className={c.text} data-may-truncate>
              {m.text}
            </p>
            {m.masked ? <p className={c.note}>{t('chat.masked')}</p> : null}
          </article>
        ))}
      </div>
      <footer className={c.compose}>
        {muted ? (
          <NoticeBar
            color="alert"
            wrap
            content={
              muted.reason === 'ban' ? t('chat.banned') : t('chat.mutedUntil', { time: clockTime(muted.until ?? 0) })
            }
            data-testid="chat-muted"
          />
        ) : room ? (
          <p className={c.hint}>{t('chat.slowMode', { seconds: room.slow_mode_seconds })}</p>
        ) : null}
        <div className={c.row}>
          <Input
            className={c.input}
            value={text}
            onChange={setText}
            maxLength={500}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            onEnterPress={() => void send()}
            disabled={!!muted}
            data-testid="chat-input"
          />
          <Button
            color="primary"
            disabled={busy || !!muted || !text.trim()}
            onClick={() => void send()}
            data-testid="chat-send"
          >
            {t('chat.send')}
          </Button>
        </div>
      </footer>
    </PageFrame>
  );
}
