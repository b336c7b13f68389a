import { useState, type ReactNode } from 'react';
import { Button, Empty, Selector, Tag, Toast } from 'antd-mobile';
import type { AdminOtcMerchant, AdminOtcOrder, OtcAd, OtcAdStatus, OtcOrderStatus } from '../../core';
import { admin } from './api';
import { useList } from './useList';
import { askReason } from './askReason';
import { ActionLog } from './settings';
import { KV } from './queues';
import { OtcOrderCard } from './otcOrder';
import { useFmt, useT, type AdminKey } from './i18n';
import styles from './admin.module.css';

const VIEWS: { key: AdminKey; value: string }[] = [
  { key: 'admin.otc.view.appeals', value: 'appeals' },
  { key: 'admin.otc.view.orders', value: 'orders' },
  { key: 'admin.otc.view.ads', value: 'ads' },
  { key: 'admin.otc.view.merchants', value: 'merchants' },
];
const ORDER_STATUSES: OtcOrderStatus[] = ['unpaid', 'paid', 'released', 'cancelled', 'refunded'];
const AD_STATUSES: OtcAdStatus[] = ['online', 'offline', 'closed'];
const MERCHANT_STATUSES = ['pending', 'approved', 'rejected'] as const;
const pct = (r: string | null) => (r === null ? '—' : `${(Number(r) * 100).toFixed(2)} %`);

/** A status filter; `word` names a status the server uses (t.or, so an unknown one shows as it came). */
function Filter<T extends string>({
  value,
  values,
  word,
  onChange,
  children,
}: {
  value: T;
  values: readonly T[];
  word: (v: T) => string;
  onChange: (v: T) => void;
  children?: ReactNode;
}) {
  return (
    <div className={styles.bar}>
      <Selector
        options={values.map((x) => ({ label: word(x), value: x }))}
        value={[value]}
        onChange={(v) => v[0] && onChange(v[0] as T)}
      />
      {children}
    </div>
  );
}

function Orders({ status, onAct }: { status: OtcOrderStatus; onAct: () => void }) {
  const t = useT();
  const { list, error, load } = useList<AdminOtcOrder>(() => admin.otcOrders(status), [status]);
  return (
    <>
      {error ? <p className={styles.reject}>{error}</p> : null}
      {list && !list.length ? (
        <Empty description={status === 'appeal' ? t('admin.otc.empty.appeals') : t('admin.otc.empty.orders')} />
      ) : null}
      {list?.map((o) => (
        <OtcOrderCard key={o.id} row={o} onDecided={() => (void load(), onAct())} />
      ))}
    </>
  );
}

function Ads({ status, onAct }: { status: OtcAdStatus; onAct: () => void }) {
  const t = useT();
  const { list, error, load } = useList<OtcAd>(() => admin.otcAds(status), [status]);
  const takeDown = async (ad: OtcAd) => {
    const reason = await askReason(t('admin.otc.ad.takeDownTitle', { id: ad.id }));
    if (reason === null) return;
    try {
      await admin.otcTakeDown(ad.id, reason);
      Toast.show({ icon: 'success', content: t('admin.otc.ad.takenDown') });
      await load();
      onAct();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <>
      {error ? <p className={styles.reject}>{error}</p> : null}
      {list && !list.length ? <Empty description={t('admin.otc.empty.ads')} /> : null}
      {list?.map((ad) => (
        <AdCard key={ad.id} ad={ad} onTakeDown={() => void takeDown(ad)} />
      ))}
    </>
  );
}

/** One ad: its price, what is left, the per-order limits, the merchant's record, and a take-down while it is not closed. */
function AdCard({ ad, onTakeDown }: { ad: OtcAd; onTakeDown: () => void }) {
  const t = useT();
  const f = useFmt();
  return (
    <article className={styles.item} data-testid="otc-admin-ad">
      <div className={styles.itemHead}>
        <strong>
          {t(ad.side === 'sell' ? 'admin.otc.ad.titleSell' : 'admin.otc.ad.titleBuy', {
            id: ad.id,
            merchant: ad.merchant,
            coin: ad.coin,
            fiat: ad.fiat,
          })}
        </strong>
        <Tag color={ad.status === 'online' ? 'success' : 'default'}>
          {t.or(`admin.otc.adStatus.${ad.status}`, ad.status)}
        </Tag>
      </div>
      <KV
        rows={[
          [t('admin.otc.ad.price'), ad.price === null ? '—' : f.num(ad.price)],
          [
            t('admin.otc.ad.leftTotal'),
            t(ad.held ? 'admin.otc.ad.leftTotalHeld' : 'admin.otc.ad.leftTotalValue', {
              left: f.num(ad.remaining),
              total: f.num(ad.total),
              coin: ad.coin,
            }),
          ],
          [
            t('admin.otc.ad.perOrder'),
            t('admin.otc.ad.perOrderValue', { min: f.num(ad.min_fiat), max: f.num(ad.max_fiat), fiat: ad.fiat }),
          ],
          [
            t('admin.otc.ad.merchant'),
            t('admin.otc.ad.merchantValue', {
              id: ad.merchant_id,
              done: ad.stats.completed,
              orders: ad.stats.orders,
              rate: pct(ad.stats.completion_rate),
            }),
          ],
          [t('admin.otc.ad.terms'), ad.terms || '—'],
          ...(ad.status === 'closed'
            ? ([
                [
                  t('admin.otc.ad.closedBy'),
                  `${ad.closed_by ? t.or(`admin.otc.actor.${ad.closed_by}`, ad.closed_by) : '—'}${ad.closed_reason ? ` — ${ad.closed_reason}` : ''}`,
                ],
              ] as [string, string][])
            : []),
        ]}
      />
      {ad.status !== 'closed' ? (
        <div className={styles.actions}>
          <Button size="small" color="danger" onClick={onTakeDown} data-testid="otc-admin-takedown">
            {t('admin.otc.ad.takeDown')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function Merchants({ status, onAct }: { status: (typeof MERCHANT_STATUSES)[number]; onAct: () => void }) {
  const t = useT();
  const f = useFmt();
  const { list, error, load } = useList<AdminOtcMerchant>(() => admin.otcMerchants(status), [status]);
  const review = async (m: AdminOtcMerchant, approve: boolean) => {
    const reason = approve ? '' : await askReason(t('admin.otc.merchant.rejectTitle', { name: m.name }));
    if (reason === null) return;
    try {
      await admin.otcReviewMerchant(m.user_id, approve, reason);
      Toast.show({
        icon: 'success',
        content: approve ? t('admin.otc.merchant.approved') : t('admin.otc.merchant.rejected'),
      });
      await load();
      onAct();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <>
      {error ? <p className={styles.reject}>{error}</p> : null}
      {list && !list.length ? (
        <Empty
          description={status === 'pending' ? t('admin.otc.empty.pendingMerchants') : t('admin.otc.empty.merchants')}
        />
      ) : null}
      {list?.map((m) => (
        <article key={m.user_id} className={styles.item} data-testid="otc-admin-merchant">
          <div className={styles.itemHead}>
            <strong>{m.name}</strong>
            <span className={styles.muted}>{t('admin.otc.merchant.idLevel', { id: m.user_id, level: m.level })}</span>
          </div>
          <KV
            rows={[
              [t('admin.otc.merchant.account'), m.email ?? '—'],
              [t('admin.otc.merchant.applied'), f.dateTime(m.applied_at)],
              [
                t('admin.otc.merchant.orders'),
                t('admin.otc.merchant.ordersValue', {
                  done: m.stats.completed,
                  orders: m.stats.orders,
                  rate: pct(m.stats.completion_rate),
                }),
              ],
              ...(m.reason ? ([[t('admin.otc.merchant.reason'), m.reason]] as [string, string][]) : []),
            ]}
          />
          {status === 'pending' ? (
            <div className={styles.actions}>
              <Button size="small" color="primary" onClick={() => void review(m, true)}>
                {t('admin.otc.merchant.approve')}
              </Button>
              <Button size="small" color="danger" fill="outline" onClick={() => void review(m, false)}>
                {t('admin.otc.merchant.reject')}
              </Button>
            </div>
          ) : null}
        </article>
      ))}
    </>
  );
}

/** P2P's desk: open appeals first (decide with the evidence), every order by status, ads (take down), merchant applications; the P2P actions below. */
export function OtcDesk() {
  const t = useT();
  const [view, setView] = useState('appeals');
  const [orderStatus, setOrderStatus] = useState<OtcOrderStatus>('paid');
  const [adStatus, setAdStatus] = useState<OtcAdStatus>('online');
  const [merchantStatus, setMerchantStatus] = useState<(typeof MERCHANT_STATUSES)[number]>('pending');
  const [logKey, setLogKey] = useState(0);
  const acted = () => setLogKey((n) => n + 1);
  return (
    <div data-testid="otc-desk">
      <div className={styles.bar}>
        <Selector
          options={VIEWS.map((v) => ({ label: t(v.key), value: v.value }))}
          value={[view]}
          onChange={(v) => v[0] && setView(v[0])}
        />
      </div>
      {view === 'appeals' ? <Orders key={`appeal-${logKey}`} status="appeal" onAct={acted} /> : null}
      {view === 'orders' ? (
        <>
          <Filter
            value={orderStatus}
            values={ORDER_STATUSES}
            word={(s) => t.or(`admin.otc.orderStatus.${s}`, s)}
            onChange={setOrderStatus}
          />
          <Orders status={orderStatus} onAct={acted} />
        </>
      ) : null}
      {view === 'ads' ? (
        <>
          <Filter
            value={adStatus}
            values={AD_STATUSES}
            word={(s) => t.or(`admin.otc.adStatus.${s}`, s)}
            onChange={setAdStatus}
          />
          <Ads status={adStatus} onAct={acted} />
        </>
      ) : null}
      {view === 'merchants' ? (
        <>
          <Filter
            value={merchantStatus}
            values={MERCHANT_STATUSES}
            word={(s) => t.or(`admin.otc.merchantStatus.${s}`, s)}
            onChange={setMerchantStatus}
          />
          <Merchants status={merchantStatus} onAct={acted} />
        </>
      ) : null}
      <h2 className={styles.subhead}>{t('admin.otc.actionsHead')}</h2>
      <ActionLog key={logKey} prefix="otc_" testId="otc-admin-log" />
    </div>
  );
}
