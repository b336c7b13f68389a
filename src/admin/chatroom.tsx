import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Dialog, Empty, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import type { AdminChatMessage } from '../../core';
import { admin } from './api';
import { latestWins } from '../lib/latestWins';
import { askReason } from './askReason';
import { ActionLog } from './settings';
import { tr, useT, type AdminKey, useFmt, type AdminFormat } from './i18n';
import styles from './admin.module.css';

const VIEWS: { key: AdminKey; value: string }[] = [
  { key: 'admin.chat.reported', value: 'reported' },
  { key: 'admin.chat.all', value: 'all' },
];
const MUTE_FOR: { key: AdminKey; value: number }[] = [
  { key: 'admin.chat.for10m', value: 10 },
  { key: 'admin.chat.for1h', value: 60 },
  { key: 'admin.chat.for1d', value: 1440 },
  { key: 'admin.chat.for7d', value: 10_080 },
];

/** How long, and why: resolves null on cancel. */
function askMute(who: string): Promise<{ minutes: number; reason: string } | null> {
  let minutes = MUTE_FOR[0].value;
  let reason = '';
  return new Promise((resolve) => {
    const d = Dialog.show({
      title: tr('admin.chat.muteTitle', { who }),
      content: (
        <div className={styles.dialogForm}>
          <label>
            <span>{tr('admin.chat.for')} </span>
            <select
              className={styles.native}
              defaultValue={minutes}
              onChange={(e) => (minutes = Number(e.target.value))}
              aria-label={tr('admin.chat.muteFor')}
              data-testid="chat-mute-for"
            >
              {MUTE_FOR.map((m) => (
                <option key={m.value} value={m.value}>
                  {tr(m.key)}
                </option>
              ))}
            </select>
          </label>
          <TextArea
            placeholder={tr('admin.chat.reasonHint')}
            rows={3}
            maxLength={500}
            onChange={(v) => (reason = v)}
            aria-label={tr('admin.field.reason')}
          />
        </div>
      ),
      actions: [
        [
          { key: 'cancel', text: tr('admin.common.cancel'), onClick: () => (d.close(), resolve(null)) },
          {
            key: 'ok',
            text: tr('admin.chat.mute'),
            bold: true,
            onClick: () => {
              if (!reason.trim()) return;
              d.close();
              resolve({ minutes, reason: reason.trim() });
            },
          },
        ],
      ],
    });
  });
}

const until = (m: AdminChatMessage['sender_mute'], f: AdminFormat) =>
  !m
    ? ''
    : m.kind === 'ban'
      ? tr('admin.chat.banned')
      : tr('admin.chat.mutedUntil', {
          kind: tr(m.kind === 'flood' ? 'admin.chat.kind.flood' : 'admin.chat.kind.operator'),
          until: f.dateTime(m.until),
        });

type Act = (fn: () => Promise<unknown>, done: string) => Promise<void>;
type WithReason = (title: string, fn: (reason: string) => Promise<unknown>, done: string) => Promise<void>;

/** The messages of one view; `act` runs a moderation action, then reloads them and the action log. */
function useChatModeration(view: string) {
  const [list, setList] = useState<AdminChatMessage[] | null>(null);
  const [error, setError] = useState('');
  const [logKey, setLogKey] = useState(0);
  const ticket = useRef(latestWins()).current;
  const load = useCallback(async () => {
    const current = ticket();
    try {
      const next = await admin.chatMessages(view === 'reported');
      if (!current()) return;
      setList(next);
      setError('');
    } catch (e) {
      if (current()) setError((e as Error).message);
    }
  }, [view, ticket]);
  useEffect(() => {
    void load();
  }, [load]);
  const act: Act = async (fn, done) => {
    try {
      await fn();
      Toast.show({ icon: 'success', content: done });
      await load();
      setLogKey((n) => n + 1);
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  const withReason: WithReason = async (title, fn, done) => {
    const reason = await askReason(title);
    if (reason !== null) await act(() => fn(reason), done);
  };
  return { list, error, logKey, load, act, withReason };
}

/** The chat room's moderation: the reported queue (or every recent message), delete, mute, ban, lift; the chat actions below. */
export function ChatroomDesk() {
  const t = useT();
  const [view, setView] = useState('reported');
  const { list, error, logKey, load, act, withReason } = useChatModeration(view);
  return (
    <div data-testid="chatroom-desk">
      <div className={styles.bar}>
        <Selector
          options={VIEWS.map((o) => ({ label: t(o.key), value: o.value }))}
          value={[view]}
          onChange={(v) => v[0] && setView(v[0])}
        />
        <Button size="small" onClick={() => void load()}>
          {t('admin.common.refresh')}
        </Button>
      </div>
      {error ? <p className={styles.reject}>{error}</p> : null}
      {list && !list.length ? (
        <Empty description={view === 'reported' ? t('admin.chat.noneReported') : t('admin.chat.none')} />
      ) : null}
      {list?.map((m) => (
        <ChatMessage key={m.id} m={m} act={act} withReason={withReason} />
      ))}
      <h2 className={styles.subhead}>{t('admin.chat.actions')}</h2>
      <ActionLog key={logKey} prefix="chat_" testId="chat-admin-log" />
    </div>
  );
}

/** One message: who sent it, its reports, and the moderation buttons. */
function ChatMessage({ m, act, withReason }: { m: AdminChatMessage; act: Act; withReason: WithReason }) {
  const t = useT();
  const f = useFmt();
  return (
    <article className={styles.item} data-testid="chat-admin-message">
      <div className={styles.itemHead}>
        <strong>
          {m.nickname} <span className={styles.muted}>{t('admin.chat.who', { id: m.user_id, level: m.level })}</span>
        </strong>
        <span>
          {m.reports ? <Tag color="danger">{t('admin.chat.reports', { count: m.reports })}</Tag> : null}{' '}
          {m.deleted ? <Tag>{t('admin.chat.deleted')}</Tag> : null}
        </span>
      </div>
      <p className={styles.intro}>{m.text}</p>
      <p className={styles.muted}>
        {f.dateTime(m.at)}
        {m.masked ? ` · ${t('admin.chat.masked')}` : ''}
        {m.sender_mute ? <span data-testid="chat-admin-mute"> · {until(m.sender_mute, f)}</span> : null}
      </p>
      <ModerationButtons m={m} act={act} withReason={withReason} />
    </article>
  );
}

function ModerationButtons({ m, act, withReason }: { m: AdminChatMessage; act: Act; withReason: WithReason }) {
  const t = useT();
  return (
    <div className={styles.actions}>
      {!m.deleted ? (
        <Button
          size="small"
          color="danger"
          fill="outline"
          onClick={() =>
            void withReason(
              t('admin.chat.deleteTitle', { id: m.id }),
              (r) => admin.chatDelete(m.id, r),
              t('admin.chat.deletedToast'),
            )
          }
        >
          {t('admin.chat.delete')}
        </Button>
      ) : null}
      <Button
        size="small"
        onClick={async () => {
          const v = await askMute(m.nickname);
          if (v) await act(() => admin.chatMute(m.user_id, v.minutes, v.reason), t('admin.chat.mutedToast'));
        }}
      >
        {t('admin.chat.mute')}
      </Button>
      {m.sender_mute?.kind !== 'ban' ? (
        <Button
          size="small"
          color="danger"
          onClick={() =>
            void withReason(
              t('admin.chat.banTitle', { who: m.nickname }),
              (r) => admin.chatBan(m.user_id, r),
              t('admin.chat.bannedToast'),
            )
          }
        >
          {t('admin.chat.ban')}
        </Button>
      ) : null}
      {m.sender_mute ? (
        <Button
          size="small"
          onClick={() =>
            void withReason(
              m.sender_mute?.kind === 'ban'
                ? t('admin.chat.liftBanTitle', { who: m.nickname })
                : t('admin.chat.liftMuteTitle', { who: m.nickname }),
              (r) => admin.chatUnmute(m.user_id, r),
              t('admin.chat.liftedToast'),
            )
          }
        >
          {t('admin.chat.lift')}
        </Button>
      ) : null}
    </div>
  );
}
