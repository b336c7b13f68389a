import { useState, type ReactNode } from 'react';
import { Button, Empty, Selector, Tag, Toast } from 'antd-mobile';
import type { AdminKycItem, AdminRechargeItem, AdminTraderItem, AdminWithdrawItem, Page } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { usePaged } from './usePaged';
import styles from './admin.module.css';

const STATUSES = [
  { label: 'Pending', value: 'pending' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
  { label: 'All', value: '' },
];

const COLOR: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'danger' };

function Queue<T extends { id: number; status: string; reason: string }>({
  name,
  fetch,
  review,
  render,
}: {
  name: string;
  fetch: (status: string, page: number) => Promise<Page<T>>;
  review: (id: number, approve: boolean, reason: string) => Promise<unknown>;
  render: (item: T) => ReactNode;
}) {
  const [status, setStatus] = useState('pending');
  const q = usePaged((p) => fetch(status, p), [status]);
  const act = async (item: T, approve: boolean) => {
    const reason = approve ? '' : await askReason(`Reject ${name} #${item.id}`);
    if (reason === null) return;
    try {
      await review(item.id, approve, reason);
      Toast.show({ icon: 'success', content: approve ? 'Approved' : 'Rejected' });
      await q.reload();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <div data-testid={`queue-${name}`}>
      <div className={styles.bar}>
        <Selector options={STATUSES} value={[status]} onChange={(v) => setStatus(v[0] ?? '')} />
        <Button size="small" onClick={() => void q.reload()}>
          Refresh
        </Button>
      </div>
      {q.error ? <p className={styles.reject}>{q.error}</p> : null}
      {q.data && q.data.list.length === 0 ? <Empty description={`No ${status || ''} ${name} requests`} /> : null}
      {q.data?.list.map((item) => (
        <article key={item.id} className={styles.item} data-testid={`${name}-item`}>
          <div className={styles.itemHead}>
            <span>
              {name} #{item.id}
            </span>
            <Tag color={COLOR[item.status] ?? 'default'}>{item.status}</Tag>
          </div>
          {render(item)}
          {item.reason ? <div className={styles.reject}>Reason: {item.reason}</div> : null}
          {item.status === 'pending' ? (
            <div className={styles.actions}>
              <Button color="success" size="small" onClick={() => void act(item, true)}>
                Approve
              </Button>
              <Button color="danger" size="small" fill="outline" onClick={() => void act(item, false)}>
                Reject
              </Button>
            </div>
          ) : null}
        </article>
      ))}
      <Pager page={q.page} pages={q.pages} setPage={q.setPage} />
    </div>
  );
}

export function Pager({ page, pages, setPage }: { page: number; pages: number; setPage: (p: number) => void }) {
  return (
    <div className={styles.bar}>
      <Button size="mini" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      <span>
        {page} / {pages}
      </span>
      <Button size="mini" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

export function KV({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.kv}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function KycQueue() {
  return (
    <Queue<AdminKycItem>
      name="kyc"
      fetch={admin.kyc}
      review={admin.reviewKyc}
      render={(k) => (
        <>
          <KV
            rows={[
              ['User', `${k.account} (#${k.user_id})`],
              ['Level', k.real_type === 1 ? '1 · identity' : '2 · photos'],
              ...(k.real_type === 1
                ? ([
                    ['ID type', k.id_type],
                    ['Name', k.name],
                    ['ID number', k.card_id],
                  ] as [string, ReactNode][])
                : []),
              ['Submitted', k.created_at],
            ]}
          />
          {k.real_type === 2 ? (
            <div className={styles.pics}>
              {k.front_pic_url ? <img src={k.front_pic_url} alt="Front of the document" /> : null}
              {k.reverse_pic_url ? <img src={k.reverse_pic_url} alt="Back of the document" /> : null}
            </div>
          ) : null}
        </>
      )}
    />
  );
}

export function RechargeQueue() {
  return (
    <Queue<AdminRechargeItem>
      name="recharge"
      fetch={admin.recharges}
      review={admin.reviewRecharge}
      render={(r) => (
        <>
          <KV
            rows={[
              ['User', `${r.account_name} (#${r.user_id})`],
              ['Amount', `${r.amount} ${r.currency}`],
              ['Network', r.network],
              ['Paid from', r.account || '—'],
              ['Submitted', r.created_at],
            ]}
          />
          {r.duplicate_voucher_of.length ? (
            <p className={styles.reject} role="alert">
              <Tag color="danger">Duplicate voucher</Tag> same image as request {r.duplicate_voucher_of.map((id) => `#${id}`).join(', ')}
            </p>
          ) : null}
          {r.voucher_url ? (
            <div className={styles.pics}>
              <img src={r.voucher_url} alt="Payment voucher" />
            </div>
          ) : null}
        </>
      )}
    />
  );
}

export function WithdrawQueue() {
  return (
    <Queue<AdminWithdrawItem>
      name="withdraw"
      fetch={admin.withdrawals}
      review={admin.reviewWithdraw}
      render={(w) => (
        <KV
          rows={[
            ['User', `${w.account_name} (#${w.user_id})`],
            ['Amount', `${w.number} ${w.currency}`],
            ['Fee', w.fee],
            ['Pays out', `${w.received} ${w.currency}`],
            ['To', `${w.method}: ${w.destination}`],
            ['Remark', w.remark || '—'],
            ['Submitted', w.created_at],
          ]}
        />
      )}
    />
  );
}

/** A trader application in the queue's shape: one application per user, so the user id is its id. */
type TraderRow = AdminTraderItem & { id: number; reason: string };

async function traderPage(status: string, page: number): Promise<Page<TraderRow>> {
  const p = await admin.traders(status, page);
  return { ...p, list: p.list.map((t) => ({ ...t, id: t.user_id, reason: t.reason ?? '' })) };
}

/** Epoch milliseconds as local "YYYY-MM-DD HH:mm" (the operator's own clock). */
function when(ms: number | null): string {
  if (ms === null) return '—';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Copy-trading applications: an approved user is listed as a trader others can follow. */
export function TraderQueue() {
  return (
    <Queue<TraderRow>
      name="trader"
      fetch={traderPage}
      review={admin.reviewTrader}
      render={(t) => (
        <>
          <KV
            rows={[
              ['User', `${t.account} (#${t.user_id})`],
              ['Nickname', t.nickname],
              ['Applied', when(t.created_at)],
              ...(t.reviewed_at !== null ? ([['Reviewed', `${when(t.reviewed_at)} by ${t.reviewed_by ?? 'system'}`]] as [string, ReactNode][]) : []),
              ...(t.demo ? ([['Demo', 'seeded demo trader']] as [string, ReactNode][]) : []),
            ]}
          />
          <p className={styles.intro}>{t.introduction || <span className={styles.muted}>No introduction</span>}</p>
        </>
      )}
    />
  );
}
