import { useCallback, useEffect, useState } from 'react';
import { Button, Dialog, Empty, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import type { AdminChatMessage } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { ActionLog } from './settings';
import styles from './admin.module.css';

const VIEWS = [
  { label: 'Reported', value: 'reported' },
  { label: 'All messages', value: 'all' },
];
const MUTE_FOR = [
  { label: '10 minutes', value: 10 },
  { label: '1 hour', value: 60 },
  { label: '1 day', value: 1440 },
  { label: '7 days', value: 10_080 },
];

/** How long, and why: resolves null on cancel. */
function askMute(who: string): Promise<{ minutes: number; reason: string } | null> {
  let minutes = MUTE_FOR[0].value;
  let reason = '';
  return new Promise((resolve) => {
    const d = Dialog.show({
      title: `Mute ${who}`,
      content: (
        <div className={styles.dialogForm}>
          <label>
            <span>For </span>
            <select className={styles.native} defaultValue={minutes} onChange={(e) => (minutes = Number(e.target.value))} aria-label="Mute for" data-testid="chat-mute-for">
              {MUTE_FOR.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <TextArea placeholder="Reason (kept in the action log)" rows={3} maxLength={500} onChange={(v) => (reason = v)} aria-label="Reason" />
        </div>
      ),
      actions: [
        [
          { key: 'cancel', text: 'Cancel', onClick: () => (d.close(), resolve(null)) },
          {
            key: 'ok',
            text: 'Mute',
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

const until = (m: AdminChatMessage['sender_mute']) => (!m ? '' : m.kind === 'ban' ? 'banned' : `muted (${m.kind}) until ${new Date(m.until ?? 0).toLocaleString()}`);

/** The chat room's moderation: the reported queue (or every recent message), delete, mute, ban, lift; the chat actions below. */
export function ChatroomDesk() {
  const [view, setView] = useState('reported');
  const [list, setList] = useState<AdminChatMessage[] | null>(null);
  const [error, setError] = useState('');
  const [logKey, setLogKey] = useState(0);
  const load = useCallback(async () => {
    try {
      setList(await admin.chatMessages(view === 'reported'));
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  }, [view]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      Toast.show({ icon: 'success', content: done });
      await load();
      setLogKey((n) => n + 1);
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  const withReason = async (title: string, fn: (reason: string) => Promise<unknown>, done: string) => {
    const reason = await askReason(title);
    if (reason !== null) await act(() => fn(reason), done);
  };

  return (
    <div data-testid="chatroom-desk">
      <div className={styles.bar}>
        <Selector options={VIEWS} value={[view]} onChange={(v) => v[0] && setView(v[0])} />
        <Button size="small" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {error ? <p className={styles.reject}>{error}</p> : null}
      {list && !list.length ? <Empty description={view === 'reported' ? 'No reported messages' : 'No messages'} /> : null}
      {list?.map((m) => (
        <article key={m.id} className={styles.item} data-testid="chat-admin-message">
          <div className={styles.itemHead}>
            <strong>
              {m.nickname} <span className={styles.muted}>#{m.user_id} · level {m.level}</span>
            </strong>
            <span>
              {m.reports ? <Tag color="danger">{m.reports === 1 ? '1 report' : `${m.reports} reports`}</Tag> : null} {m.deleted ? <Tag>deleted</Tag> : null}
            </span>
          </div>
          <p className={styles.intro}>{m.text}</p>
          <p className={styles.muted}>
            {new Date(m.at).toLocaleString()}
            {m.masked ? ' · links hidden' : ''}
            {m.sender_mute ? <span data-testid="chat-admin-mute"> · {until(m.sender_mute)}</span> : null}
          </p>
          <div className={styles.actions}>
            {!m.deleted ? (
              <Button size="small" color="danger" fill="outline" onClick={() => void withReason(`Delete message #${m.id}`, (r) => admin.chatDelete(m.id, r), 'Deleted')}>
                Delete
              </Button>
            ) : null}
            <Button
              size="small"
              onClick={async () => {
                const v = await askMute(m.nickname);
                if (v) await act(() => admin.chatMute(m.user_id, v.minutes, v.reason), 'Muted');
              }}
            >
              Mute
            </Button>
            {m.sender_mute?.kind !== 'ban' ? (
              <Button size="small" color="danger" onClick={() => void withReason(`Ban ${m.nickname} from the chat room`, (r) => admin.chatBan(m.user_id, r), 'Banned')}>
                Ban
              </Button>
            ) : null}
            {m.sender_mute ? (
              <Button size="small" onClick={() => void withReason(`Lift ${m.nickname}'s ${m.sender_mute?.kind === 'ban' ? 'ban' : 'mute'}`, (r) => admin.chatUnmute(m.user_id, r), 'Lifted')}>
                Lift
              </Button>
            ) : null}
          </div>
        </article>
      ))}
      <h2 className={styles.subhead}>Chat room actions</h2>
      <ActionLog key={logKey} prefix="chat_" testId="chat-admin-log" />
    </div>
  );
}
