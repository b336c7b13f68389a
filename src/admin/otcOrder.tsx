import { useCallback, useEffect, useState } from 'react';
import { Button, Tag, Toast } from 'antd-mobile';
import type { AdminOtcOrder, AdminOtcOrderDetail, OtcOrder } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { KV } from './queues';
import { useFmt, useT } from './i18n';
import styles from './admin.module.css';

const STATUS_COLOR: Record<string, 'warning' | 'success' | 'danger' | 'default' | 'primary'> = {
  unpaid: 'default',
  paid: 'primary',
  appeal: 'danger',
  released: 'success',
  cancelled: 'default',
  refunded: 'warning',
};

/** The order's evidence, loaded while it is open. */
function useOrderDetail(id: number, open: boolean): AdminOtcOrderDetail | null {
  const [detail, setDetail] = useState<AdminOtcOrderDetail | null>(null);
  const load = useCallback(async () => {
    try {
      setDetail(await admin.otcOrder(id));
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  }, [id]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  return detail;
}

/** Release to the buyer or refund the seller, with the operator's reason. */
function useDecide(id: number, onDecided: () => void) {
  const t = useT();
  return async (outcome: 'release' | 'refund') => {
    const reason = await askReason(
      t(outcome === 'release' ? 'admin.otc.order.releaseTitle' : 'admin.otc.order.refundTitle', { id }),
    );
    if (reason === null) return;
    try {
      await admin.otcResolve(id, outcome, reason);
      Toast.show({
        icon: 'success',
        content: t(outcome === 'release' ? 'admin.otc.order.released' : 'admin.otc.order.refunded'),
      });
      onDecided();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
}

/** One order's evidence — the figures, the proof, the timeline, the chat — and, under appeal, the decision (a reason is required; logged). */
export function OtcOrderCard({ row, onDecided }: { row: AdminOtcOrder; onDecided: () => void }) {
  const t = useT();
  const f = useFmt();
  const [open, setOpen] = useState(row.status === 'appeal');
  const detail = useOrderDetail(row.id, open);
  const decide = useDecide(row.id, onDecided);
  const o = detail?.order ?? row;
  const who = (id: number) => t(id === row.buyer_id ? 'admin.otc.order.buyerId' : 'admin.otc.order.sellerId', { id });
  return (
    <article className={styles.item} data-testid="otc-admin-order" data-id={row.id}>
      <div className={styles.itemHead}>
        <strong>
          {t('admin.otc.order.title', {
            id: row.id,
            coinAmount: f.num(o.coin_amount),
            coin: o.coin,
            fiatAmount: f.num(o.fiat_amount),
            fiat: o.fiat,
          })}
        </strong>
        <Tag color={STATUS_COLOR[o.status]}>{t.or(`admin.otc.orderStatus.${o.status}`, o.status)}</Tag>
      </div>
      <p className={styles.muted}>
        {t('admin.otc.order.parties', { merchant: o.merchant, buyer: row.buyer_id, seller: row.seller_id })}
        {row.appeal_by ? t('admin.otc.order.appealedBy', { who: who(row.appeal_by) }) : ''}
      </p>
      {o.appeal_reason ? (
        <p className={styles.intro}>{t('admin.otc.order.appeal', { reason: o.appeal_reason })}</p>
      ) : null}
      <div className={styles.actions}>
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('admin.otc.order.hideEvidence') : t('admin.otc.order.evidence')}
        </Button>
        {o.status === 'appeal' ? (
          <>
            <Button size="small" color="success" onClick={() => void decide('release')} data-testid="otc-admin-release">
              {t('admin.otc.order.release')}
            </Button>
            <Button size="small" color="danger" onClick={() => void decide('refund')} data-testid="otc-admin-refund">
              {t('admin.otc.order.refund')}
            </Button>
          </>
        ) : null}
      </div>
      {open && detail ? <Evidence o={o} detail={detail} /> : null}
    </article>
  );
}

/** The figures and times, how it was paid and the proof, the timeline and the chat. */
function Evidence({ o, detail }: { o: OtcOrder; detail: AdminOtcOrderDetail }) {
  const t = useT();
  const f = useFmt();
  const at = (ms: number | null) => (ms ? f.dateTime(ms) : '—');
  return (
    <div data-testid="otc-admin-evidence">
      <KV
        rows={[
          [t('admin.otc.order.price'), `${f.num(o.price)} ${o.fiat}`],
          [t('admin.otc.order.openedDeadline'), `${at(o.events[0]?.at ?? null)} / ${at(o.deadline)}`],
          [t('admin.otc.order.markedPaid'), at(o.paid_at)],
          [t('admin.otc.order.finished'), at(o.finished_at)],
          [
            t('admin.otc.order.paidTo'),
            o.pay_methods
              .map((m) => `${t.or(`admin.otc.payKind.${m.kind}`, m.kind)}: ${m.name} ${m.account} ${m.bank}`.trim())
              .join('; ') || '—',
          ],
          [
            t('admin.otc.order.proof'),
            o.proof_url ? (
              <a href={o.proof_url} target="_blank" rel="noreferrer">
                {t('admin.otc.order.openProof')}
              </a>
            ) : (
              t('admin.otc.order.noProof')
            ),
          ],
          [t('admin.otc.order.decision'), o.resolution || '—'],
        ]}
      />
      <h3 className={styles.subhead}>{t('admin.otc.order.timeline')}</h3>
      <ol className={styles.section} data-testid="otc-admin-timeline">
        {o.events.map((e) => (
          <li key={e.id}>
            {at(e.at)} · {t.or(`admin.otc.actor.${e.actor}`, e.actor)} · {t.or(`admin.otc.event.${e.kind}`, e.kind)}
            {e.note ? ` — ${e.note}` : ''}
          </li>
        ))}
      </ol>
      <h3 className={styles.subhead}>{t('admin.otc.order.chat')}</h3>
      <div className={styles.section} data-testid="otc-admin-chat">
        {detail.chat.length === 0 ? <p className={styles.muted}>{t('admin.otc.order.noMessages')}</p> : null}
        {detail.chat.map((m) => (
          <p key={m.id}>
            <strong>{t.or(`admin.otc.actor.${m.from}`, m.from)}</strong>{' '}
            <span className={styles.muted}>{at(m.at)}</span> {m.body}{' '}
            {m.attachment_url ? (
              <a href={m.attachment_url} target="_blank" rel="noreferrer">
                {t('admin.otc.order.attachment')}
              </a>
            ) : null}
          </p>
        ))}
      </div>
    </div>
  );
}
