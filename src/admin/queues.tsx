import { useState, type ReactNode } from 'react';
import { Button, Empty, Selector, Tag, Toast } from 'antd-mobile';
import type { AdminKycItem, AdminRechargeItem, AdminTraderItem, AdminWithdrawItem, Page } from '../../core';
import { admin } from './api';
import { useT, type AdminKey, useFmt } from './i18n';
import { askReason } from './askReason';
import { usePaged } from './usePaged';
import styles from './admin.module.css';

const STATUSES: { key: AdminKey; value: string }[] = [
  { key: 'admin.queue.filter.pending', value: 'pending' },
  { key: 'admin.queue.filter.approved', value: 'approved' },
  { key: 'admin.queue.filter.rejected', value: 'rejected' },
  { key: 'admin.queue.filter.all', value: '' },
];

const COLOR: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'danger' };

export function Queue<T extends { id: number; status: string; reason: string }>({
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
  const t = useT();
  // the queue's noun in sentences ("No pending kyc requests"); `name` itself stays the test id
  const what = t.or(`admin.queue.name.${name}`, name);
  const [status, setStatus] = useState('pending');
  const q = usePaged((p) => fetch(status, p), [status]);
  const act = async (item: T, approve: boolean) => {
    const reason = approve ? '' : await askReason(t('admin.queue.rejectTitle', { what, id: item.id }));
    if (reason === null) return;
    try {
      await review(item.id, approve, reason);
      Toast.show({
        icon: 'success',
        content: approve ? t('admin.queue.approvedToast') : t('admin.queue.rejectedToast'),
      });
      await q.reload();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <div data-testid={`queue-${name}`}>
      <div className={styles.bar}>
        <Selector
          options={STATUSES.map((o) => ({ label: t(o.key), value: o.value }))}
          value={[status]}
          onChange={(v) => setStatus(v[0] ?? '')}
        />
        <Button size="small" onClick={() => void q.reload()}>
          {t('admin.common.refresh')}
        </Button>
      </div>
      {q.error ? <p className={styles.reject}>{q.error}</p> : null}
      {q.data && q.data.list.length === 0 ? (
        <Empty
          description={
            status
              ? t('admin.queue.empty', { state: t.or(`admin.queue.state.${status}`, status), what })
              : t('admin.queue.emptyAll', { what })
          }
        />
      ) : null}
      {q.data?.list.map((item) => (
        <article key={item.id} className={styles.item} data-testid={`${name}-item`}>
          <div className={styles.itemHead}>
            <span>{t('admin.queue.itemTitle', { what, id: item.id })}</span>
            <Tag color={COLOR[item.status] ?? 'default'}>{t.or(`admin.queue.state.${item.status}`, item.status)}</Tag>
          </div>
          {render(item)}
          {item.reason ? <div className={styles.reject}>{t('admin.queue.reason', { reason: item.reason })}</div> : null}
          {item.status === 'pending' ? (
            <div className={styles.actions}>
              <Button color="success" size="small" onClick={() => void act(item, true)}>
                {t('admin.queue.approve')}
              </Button>
              <Button color="danger" size="small" fill="outline" onClick={() => void act(item, false)}>
                {t('admin.queue.reject')}
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
  const t = useT();
  return (
    <div className={styles.bar}>
      <Button size="mini" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('admin.common.previous')}
      </Button>
      <span>{t('admin.common.pageOf', { page, pages })}</span>
      <Button size="mini" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        {t('admin.common.next')}
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
  const t = useT();
  const f = useFmt();
  return (
    <Queue<AdminKycItem>
      name="kyc"
      fetch={admin.kyc}
      review={admin.reviewKyc}
      render={(k) => (
        <>
          <KV
            rows={[
              [t('admin.field.user'), t('admin.field.userValue', { account: k.account, id: k.user_id })],
              [t('admin.field.level'), k.real_type === 1 ? t('admin.kyc.levelIdentity') : t('admin.kyc.levelPhotos')],
              ...(k.real_type === 1
                ? ([
                    [t('admin.kyc.idType'), t.or(`admin.kyc.idTypes.${k.id_type}`, k.id_type)],
                    [t('admin.kyc.name'), k.name],
                    [t('admin.kyc.idNumber'), k.card_id],
                  ] as [string, ReactNode][])
                : []),
              [t('admin.field.submitted'), f.dateTime(k.created_at)],
            ]}
          />
          {k.real_type === 2 ? (
            <div className={styles.pics}>
              {k.front_pic_url ? <img src={k.front_pic_url} alt={t('admin.kyc.front')} /> : null}
              {k.reverse_pic_url ? <img src={k.reverse_pic_url} alt={t('admin.kyc.back')} /> : null}
            </div>
          ) : null}
        </>
      )}
    />
  );
}

export function RechargeQueue() {
  const t = useT();
  const f = useFmt();
  return (
    <Queue<AdminRechargeItem>
      name="recharge"
      fetch={admin.recharges}
      review={admin.reviewRecharge}
      render={(r) => (
        <>
          <KV
            rows={[
              [t('admin.field.user'), t('admin.field.userValue', { account: r.account_name, id: r.user_id })],
              [t('admin.field.amount'), `${f.num(r.amount)} ${r.currency}`],
              [t('admin.recharge.network'), r.network],
              [t('admin.recharge.paidFrom'), r.account || '—'],
              [t('admin.field.submitted'), f.dateTime(r.created_at)],
            ]}
          />
          {r.duplicate_voucher_of.length ? (
            <p className={styles.reject} role="alert">
              <Tag color="danger">{t('admin.recharge.duplicate')}</Tag>{' '}
              {t('admin.recharge.sameImage', { ids: r.duplicate_voucher_of.map((id) => `#${id}`).join(', ') })}
            </p>
          ) : null}
          {r.voucher_url ? (
            <div className={styles.pics}>
              <img src={r.voucher_url} alt={t('admin.recharge.voucher')} />
            </div>
          ) : null}
        </>
      )}
    />
  );
}

export function WithdrawQueue() {
  const t = useT();
  const f = useFmt();
  return (
    <Queue<AdminWithdrawItem>
      name="withdraw"
      fetch={admin.withdrawals}
      review={admin.reviewWithdraw}
      render={(w) => (
        <KV
          rows={[
            [t('admin.field.user'), t('admin.field.userValue', { account: w.account_name, id: w.user_id })],
            [t('admin.field.amount'), `${f.num(w.number)} ${w.currency}`],
            [t('admin.withdraw.fee'), f.num(w.fee)],
            [t('admin.withdraw.paysOut'), `${f.num(w.received)} ${w.currency}`],
            [t('admin.withdraw.to'), `${t.or(`admin.withdraw.method.${w.method}`, w.method)}: ${w.destination}`],
            [t('admin.withdraw.remark'), w.remark || '—'],
            [t('admin.field.submitted'), f.dateTime(w.created_at)],
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

/** Copy-trading applications: an approved user is listed as a trader others can follow. */
export function TraderQueue() {
  const t = useT();
  const f = useFmt();
  return (
    <Queue<TraderRow>
      name="trader"
      fetch={traderPage}
      review={admin.reviewTrader}
      render={(a) => (
        <>
          <KV
            rows={[
              [t('admin.field.user'), t('admin.field.userValue', { account: a.account, id: a.user_id })],
              [t('admin.field.nickname'), a.nickname],
              [t('admin.trader.applied'), f.dateTime(a.created_at)],
              ...(a.reviewed_at !== null
                ? ([
                    [
                      t('admin.trader.reviewed'),
                      t('admin.trader.reviewedBy', {
                        when: f.dateTime(a.reviewed_at),
                        who: a.reviewed_by ?? t('admin.trader.system'),
                      }),
                    ],
                  ] as [string, ReactNode][])
                : []),
              ...(a.demo ? ([[t('admin.trader.demo'), t('admin.trader.demoValue')]] as [string, ReactNode][]) : []),
            ]}
          />
          <p className={styles.intro}>
            {a.introduction || <span className={styles.muted}>{t('admin.trader.noIntro')}</span>}
          </p>
        </>
      )}
    />
  );
}
