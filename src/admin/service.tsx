import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import { LANGS, type AdminConversation, type CannedReply, type InboxBox, type ServiceMessage } from '../../core';
import { admin } from './api';
import { usePaged } from './usePaged';
import { Pager } from './queues';
import { useOperatorLive } from './live';
import styles from './admin.module.css';

const BOXES = [
  { label: 'Unassigned', value: 'unassigned' },
  { label: 'Mine', value: 'mine' },
  { label: 'All', value: 'all' },
];
const STATES = [
  { label: 'Open', value: 'open' },
  { label: 'Closed', value: 'closed' },
];
const when = (ms: number) => new Date(ms).toLocaleString();

/** Customer service: the inbox, one conversation beside the customer's profile and records, live. */
export function ServiceInbox() {
  const [box, setBox] = useState<InboxBox>('all');
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const q = usePaged((p) => admin.inbox(box, status, p), [box, status]);
  const [tick, setTick] = useState(0);
  useOperatorLive(() => {
    void q.reload();
    setTick((n) => n + 1);
  });
  return (
    <div className={styles.service} data-testid="service-inbox">
      <section className={styles.inboxCol} aria-label="Conversations">
        <div className={styles.bar}>
          <Selector options={BOXES} value={[box]} onChange={(v) => v[0] && setBox(v[0] as InboxBox)} />
          <Selector options={STATES} value={[status]} onChange={(v) => v[0] && setStatus(v[0] as 'open' | 'closed')} />
        </div>
        {q.error ? <p className={styles.reject}>{q.error}</p> : null}
        {q.data && !q.data.list.length ? <Empty description="No conversations here" /> : null}
        {q.data?.list.map((c) => (
          <button type="button" key={c.id} className={`${styles.convRow} ${openId === c.id ? styles.convOpen : ''}`} onClick={() => setOpenId(c.id)} data-testid="service-row">
            <span className={styles.itemHead}>
              <strong>{c.who}</strong>
              {c.unread ? <Tag color="danger">new</Tag> : null}
            </span>
            <span className={styles.muted}>{c.last_body}</span>
            <span className={styles.muted}>
              {c.guest ? 'guest · ' : ''}
              {c.assignee ? `→ ${c.assignee}` : 'unassigned'} · {when(c.last_at)}
            </span>
          </button>
        ))}
        <Pager page={q.page} pages={q.pages} setPage={q.setPage} />
      </section>
      {openId ? <Conversation key={openId} id={openId} tick={tick} onChanged={() => void q.reload()} /> : <p className={styles.muted}>Choose a conversation.</p>}
    </div>
  );
}

function Conversation({ id, tick, onChanged }: { id: number; tick: number; onChanged: () => void }) {
  const [c, setC] = useState<AdminConversation | null>(null);
  const [draft, setDraft] = useState('');
  const [lang, setLang] = useState('en');
  const [canned, setCanned] = useState<CannedReply[]>([]);
  const load = useCallback(async () => {
    try {
      const d = await admin.conversation(id);
      setC(d);
      const lastUser = [...d.messages].reverse().find((m) => m.sender === 'user');
      if (lastUser && lastUser.id > d.receipts.staff_read_id) await admin.readConversation(id, lastUser.id);
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load, tick]);
  useEffect(() => {
    admin
      .canned(lang)
      .then(setCanned)
      .catch(() => setCanned([]));
  }, [lang]);

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) Toast.show({ icon: 'success', content: done });
      await load();
      onChanged();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  const post = (note: boolean) =>
    act(async () => {
      const body = draft.trim();
      if (!body) return;
      const r = note ? await admin.note(id, body) : await admin.reply(id, body);
      setDraft('');
      if ('mailed' in r && r.mailed) Toast.show({ content: 'The customer is away: the reply was emailed' });
    });

  if (!c) return <section className={styles.convCol} />;
  const lastStaff = [...c.messages].reverse().find((m) => m.sender === 'staff' && !m.internal);
  return (
    <section className={styles.convCol} aria-label={`Conversation with ${c.who}`} data-testid="service-conversation">
      <div className={styles.itemHead}>
        <strong>{c.who}</strong>
        <Tag color={c.status === 'open' ? 'success' : 'default'}>{c.status}</Tag>
      </div>
      <div className={styles.actions}>
        <Button size="mini" onClick={() => void act(() => admin.assign(id), 'Assigned to you')}>
          Assign to me
        </Button>
        {c.assignee_id ? (
          <Button size="mini" onClick={() => void act(() => admin.unassign(id), 'Unassigned')}>
            Unassign
          </Button>
        ) : null}
        {c.status === 'open' ? (
          <Button size="mini" onClick={() => void act(() => admin.closeConversation(id), 'Closed')}>
            Close
          </Button>
        ) : (
          <Button size="mini" onClick={() => void act(() => admin.reopenConversation(id), 'Reopened')}>
            Reopen
          </Button>
        )}
      </div>
      <aside className={styles.side}>
        {c.profile ? (
          <p>
            {c.profile.account} · level {c.profile.level} · since {new Date(c.profile.created_at).toLocaleDateString()}
            {c.email_reply ? ' · wants email replies' : ''}
          </p>
        ) : (
          <p>Guest · replies are emailed to {c.email}</p>
        )}
        {c.context ? (
          <p data-testid="service-context">
            About: <strong>{c.context.type} #{c.context.id}</strong> {c.context.summary} ({c.context.status})
          </p>
        ) : null}
        {c.recent.length ? (
          <details>
            <summary>Recent records</summary>
            <ul>
              {c.recent.map((r) => (
                <li key={`${r.type}${r.id}`}>
                  {r.type} #{r.id} · {r.summary} · {r.status}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </aside>
      <div className={styles.thread} data-testid="service-admin-thread">
        {c.messages.map((m) => (
          <Line key={m.id} m={m} />
        ))}
        {lastStaff ? (
          <p className={styles.muted} data-testid="service-admin-receipt">
            {c.receipts.user_read_id >= lastStaff.id ? 'Read by the customer' : c.receipts.user_delivered_id >= lastStaff.id ? 'Delivered' : 'Sent'}
          </p>
        ) : null}
      </div>
      <div className={styles.bar}>
        <select value={lang} onChange={(e) => setLang(e.target.value)} aria-label="Canned replies language">
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        {canned.map((r) => (
          <Button key={r.id} size="mini" fill="outline" onClick={() => setDraft(r.body)}>
            {r.title}
          </Button>
        ))}
      </div>
      <TextArea value={draft} onChange={setDraft} placeholder="Reply to the customer, or write an internal note" autoSize={{ minRows: 2, maxRows: 6 }} aria-label="Reply" className={styles.reply} />
      <div className={styles.actions}>
        <Button color="primary" size="small" onClick={() => void post(false)} data-testid="service-reply">
          Reply
        </Button>
        <Button size="small" onClick={() => void post(true)}>
          Internal note
        </Button>
      </div>
    </section>
  );
}

function Line({ m }: { m: ServiceMessage }) {
  if (m.sender === 'system') return <p className={styles.muted}>{m.ref ? `Attached ${m.ref.type} #${m.ref.id}` : ''}</p>;
  const cls = m.internal ? styles.note : m.sender === 'user' ? styles.fromUser : styles.fromStaff;
  return (
    <div className={cls} data-testid="service-admin-message">
      <span className={styles.muted}>
        {m.sender === 'user' ? 'Customer' : m.staff_name}
        {m.internal ? ' · internal note' : ''} · {new Date(m.created_at).toLocaleTimeString()}
      </span>
      {m.image_url ? (
        <a href={m.image_url} target="_blank" rel="noreferrer">
          <img src={m.image_url} alt="Attachment from the customer" className={styles.attachment} />
        </a>
      ) : null}
      {m.body ? <span className={styles.body}>{m.body}</span> : null}
    </div>
  );
}
