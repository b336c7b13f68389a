import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import { LANGS, type AdminConversation, type CannedReply, type InboxBox, type ServiceMessage } from '../../core';
import { admin } from './api';
import { usePaged } from './usePaged';
import { Pager } from './queues';
import { useOperatorLive } from './live';
import { useT, type AdminKey, useFmt } from './i18n';
import styles from './admin.module.css';

const BOXES: { key: AdminKey; value: InboxBox }[] = [
  { key: 'admin.service.box.unassigned', value: 'unassigned' },
  { key: 'admin.service.box.mine', value: 'mine' },
  { key: 'admin.service.box.all', value: 'all' },
];
const STATES: { key: AdminKey; value: 'open' | 'closed' }[] = [
  { key: 'admin.service.state.open', value: 'open' },
  { key: 'admin.service.state.closed', value: 'closed' },
];

/** Customer service: the inbox, one conversation beside the customer's profile and records, live. */
export function ServiceInbox() {
  const t = useT();
  const f = useFmt();
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
      <section className={styles.inboxCol} aria-label={t('admin.service.conversations')}>
        <div className={styles.bar}>
          <Selector
            options={BOXES.map((o) => ({ label: t(o.key), value: o.value }))}
            value={[box]}
            onChange={(v) => v[0] && setBox(v[0])}
          />
          <Selector
            options={STATES.map((o) => ({ label: t(o.key), value: o.value }))}
            value={[status]}
            onChange={(v) => v[0] && setStatus(v[0])}
          />
        </div>
        {q.error ? <p className={styles.reject}>{q.error}</p> : null}
        {q.data && !q.data.list.length ? <Empty description={t('admin.service.none')} /> : null}
        {q.data?.list.map((c) => (
          <button
            type="button"
            key={c.id}
            className={`${styles.convRow} ${openId === c.id ? styles.convOpen : ''}`}
            onClick={() => setOpenId(c.id)}
            data-testid="service-row"
          >
            <span className={styles.itemHead}>
              <strong>{c.who}</strong>
              {c.unread ? <Tag color="danger">{t('admin.service.new')}</Tag> : null}
            </span>
            <span className={styles.muted}>{c.last_body}</span>
            <span className={styles.muted}>
              {c.guest ? `${t('admin.service.guest')} · ` : ''}
              {c.assignee ? `→ ${c.assignee}` : t('admin.service.unassigned')} · {f.dateTime(c.last_at)}
            </span>
          </button>
        ))}
        <Pager page={q.page} pages={q.pages} setPage={q.setPage} />
      </section>
      {openId ? (
        <Conversation key={openId} id={openId} tick={tick} onChanged={() => void q.reload()} />
      ) : (
        <p className={styles.muted}>{t('admin.service.choose')}</p>
      )}
    </div>
  );
}

type Act = (fn: () => Promise<unknown>, done?: string) => Promise<void>;

/** One conversation, loaded again on every live tick and marked read up to the customer's last message; `act` runs an action, then reloads. */
function useConversation(id: number, tick: number, onChanged: () => void) {
  const [c, setC] = useState<AdminConversation | null>(null);
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
  const act: Act = async (fn, done) => {
    try {
      await fn();
      if (done) Toast.show({ icon: 'success', content: done });
      await load();
      onChanged();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return { c, act };
}

function Conversation({ id, tick, onChanged }: { id: number; tick: number; onChanged: () => void }) {
  const t = useT();
  const { c, act } = useConversation(id, tick, onChanged);
  if (!c) return <section className={styles.convCol} />;
  return (
    <section
      className={styles.convCol}
      aria-label={t('admin.service.with', { who: c.who })}
      data-testid="service-conversation"
    >
      <div className={styles.itemHead}>
        <strong>{c.who}</strong>
        <Tag color={c.status === 'open' ? 'success' : 'default'}>
          {t.or(`admin.service.state.${c.status}`, c.status)}
        </Tag>
      </div>
      <ConversationActions id={id} c={c} act={act} />
      <CustomerSide c={c} />
      <Thread c={c} />
      <Composer id={id} act={act} />
    </section>
  );
}

/** Assign, unassign, close or reopen. */
function ConversationActions({ id, c, act }: { id: number; c: AdminConversation; act: Act }) {
  const t = useT();
  return (
    <div className={styles.actions}>
      <Button size="mini" onClick={() => void act(() => admin.assign(id), t('admin.service.assigned'))}>
        {t('admin.service.assign')}
      </Button>
      {c.assignee_id ? (
        <Button size="mini" onClick={() => void act(() => admin.unassign(id), t('admin.service.unassignedToast'))}>
          {t('admin.service.unassign')}
        </Button>
      ) : null}
      {c.status === 'open' ? (
        <Button size="mini" onClick={() => void act(() => admin.closeConversation(id), t('admin.service.closed'))}>
          {t('admin.common.close')}
        </Button>
      ) : (
        <Button size="mini" onClick={() => void act(() => admin.reopenConversation(id), t('admin.service.reopened'))}>
          {t('admin.service.reopen')}
        </Button>
      )}
    </div>
  );
}

/** Who the customer is, what the conversation is about, and their recent records. */
function CustomerSide({ c }: { c: AdminConversation }) {
  const t = useT();
  const f = useFmt();
  return (
    <aside className={styles.side}>
      {c.profile ? (
        <p>
          {t('admin.service.profile', {
            account: c.profile.account,
            level: c.profile.level,
            since: f.date(c.profile.created_at),
          })}
          {c.email_reply ? ` · ${t('admin.service.wantsEmail')}` : ''}
        </p>
      ) : (
        <p>{t('admin.service.guestEmail', { email: c.email })}</p>
      )}
      {c.context ? (
        <p data-testid="service-context">
          {t('admin.service.about')}{' '}
          <strong>
            {t.or(`admin.service.ref.${c.context.type}`, c.context.type)} #{c.context.id}
          </strong>{' '}
          {c.context.summary} ({c.context.status})
        </p>
      ) : null}
      {c.recent.length ? (
        <details>
          <summary>{t('admin.service.recent')}</summary>
          <ul>
            {c.recent.map((r) => (
              <li key={`${r.type}${r.id}`}>
                {t.or(`admin.service.ref.${r.type}`, r.type)} #{r.id} · {r.summary} · {r.status}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </aside>
  );
}

/** The messages, and how far the customer has got with the last staff reply. */
function Thread({ c }: { c: AdminConversation }) {
  const t = useT();
  const lastStaff = [...c.messages].reverse().find((m) => m.sender === 'staff' && !m.internal);
  return (
    <div className={styles.thread} data-testid="service-admin-thread">
      {c.messages.map((m) => (
        <Line key={m.id} m={m} />
      ))}
      {lastStaff ? (
        <p className={styles.muted} data-testid="service-admin-receipt">
          {c.receipts.user_read_id >= lastStaff.id
            ? t('admin.service.read')
            : c.receipts.user_delivered_id >= lastStaff.id
              ? t('admin.service.delivered')
              : t('admin.service.sent')}
        </p>
      ) : null}
    </div>
  );
}

/** The canned replies of one language. */
function useCanned(lang: string): CannedReply[] {
  const [canned, setCanned] = useState<CannedReply[]>([]);
  useEffect(() => {
    let current = true; // a language switched before the answer came drops that answer
    admin
      .canned(lang)
      .then((list) => current && setCanned(list))
      .catch(() => current && setCanned([]));
    return () => {
      current = false;
    };
  }, [lang]);
  return canned;
}

/** The reply box: canned replies by language, then a reply to the customer or an internal note. */
function Composer({ id, act }: { id: number; act: Act }) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [lang, setLang] = useState('en');
  const canned = useCanned(lang);
  const post = (note: boolean) =>
    act(async () => {
      const body = draft.trim();
      if (!body) return;
      const r = note ? await admin.note(id, body) : await admin.reply(id, body);
      setDraft('');
      if ('mailed' in r && r.mailed) Toast.show({ content: t('admin.service.mailed') });
    });
  return (
    <>
      <div className={styles.bar}>
        <select value={lang} onChange={(e) => setLang(e.target.value)} aria-label={t('admin.service.cannedLang')}>
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
      <TextArea
        value={draft}
        onChange={setDraft}
        placeholder={t('admin.service.replyHint')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        aria-label={t('admin.service.reply')}
        className={styles.reply}
      />
      <div className={styles.actions}>
        <Button color="primary" size="small" onClick={() => void post(false)} data-testid="service-reply">
          {t('admin.service.reply')}
        </Button>
        <Button size="small" onClick={() => void post(true)}>
          {t('admin.service.note')}
        </Button>
      </div>
    </>
  );
}

function Line({ m }: { m: ServiceMessage }) {
  const t = useT();
  const f = useFmt();
  if (m.sender === 'system')
    return (
      <p className={styles.muted}>
        {m.ref
          ? t('admin.service.attached', { what: t.or(`admin.service.ref.${m.ref.type}`, m.ref.type), id: m.ref.id })
          : ''}
      </p>
    );
  const cls = m.internal ? styles.note : m.sender === 'user' ? styles.fromUser : styles.fromStaff;
  return (
    <div className={cls} data-testid="service-admin-message">
      <span className={styles.muted}>
        {m.sender === 'user' ? t('admin.service.customer') : m.staff_name}
        {m.internal ? ` · ${t('admin.service.internal')}` : ''} · {f.time(m.created_at)}
      </span>
      {m.image_url ? (
        <a href={m.image_url} target="_blank" rel="noreferrer">
          <img src={m.image_url} alt={t('admin.service.attachment')} className={styles.attachment} />
        </a>
      ) : null}
      {m.body ? <span className={styles.body}>{m.body}</span> : null}
    </div>
  );
}
