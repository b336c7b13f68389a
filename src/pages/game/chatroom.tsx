import { useEffect, useRef } from 'react';
import { Button, Dialog, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatRoomState } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { reportChat } from '../../api/chatroom';
import { session } from '../../stores/session';
import { toastSuccess } from '../../lib/toast';
import { clockTime } from './clock';
import { useChatRoom } from './useChatRoom';
import { useChatSend } from './useChatSend';
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
  return (
    <PageFrame title={t('route.game.chatroom')} bodyClassName={c.body}>
      <MessageList messages={room?.messages} />
      <Composer muted={room?.muted} slowMode={room ? room.slow_mode_seconds : undefined} add={add} catchUp={catchUp} />
    </PageFrame>
  );
}

/** the messages, kept scrolled to the newest; undefined until the room is read */
function MessageList({ messages }: { messages: ChatMessage[] | undefined }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const me = session.user?.id;
  const count = messages?.length ?? 0;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count]);
  return (
    <div
      className={c.list}
      ref={list}
      role="log"
      aria-live="polite"
      aria-label={t('route.game.chatroom')}
      data-testid="chat-list"
    >
      {messages && messages.length === 0 ? <p className={c.empty}>{t('chat.empty')}</p> : null}
      {messages?.map((m) => (
        <ChatLine key={m.id} m={m} mine={m.user_id === me} />
      ))}
    </div>
  );
}

/** one message: who (and their identity level), when, a report button on others', the text */
function ChatLine({ m, mine }: { m: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const report = async () => {
    const ok = await Dialog.confirm({
      content: t('chat.reportConfirm', { name: m.nickname }),
      confirmText: t('chat.report'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await reportChat(m.id);
    toastSuccess(t('chat.reported'));
  };
  return (
    <article className={mine ? `${c.msg} ${c.mine}` : c.msg} data-testid={`chat-msg-${m.id}`}>
      <header className={c.meta}>
        <span className={c.name} data-may-truncate>
          {m.nickname}
        </span>
        <span className={m.level > 0 ? c.verified : c.unverified}>
          {t(m.level > 0 ? 'chat.levelN' : 'chat.level0', { level: m.level })}
        </span>
        <time className={c.time}>{clockTime(m.at)}</time>
        {!mine ? (
          <Button
            size="mini"
            fill="none"
            className={c.report}
            onClick={() => void report()}
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
  );
}

interface ComposerProps {
  muted: ChatRoomState['muted'] | undefined;
  /** the sender's slow-mode interval; undefined until the room is read */
  slowMode: number | undefined;
  add: (m: ChatMessage) => void;
  catchUp: () => Promise<void>;
}

/** the mute banner or the slow-mode hint, and the input */
function Composer({ muted, slowMode, add, catchUp }: ComposerProps) {
  const { t } = useTranslation();
  const { text, setText, busy, send } = useChatSend(add, catchUp);
  return (
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
      ) : slowMode !== undefined ? (
        <p className={c.hint}>{t('chat.slowMode', { seconds: slowMode })}</p>
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
  );
}
