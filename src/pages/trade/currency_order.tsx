import { useCallback, useState } from 'react';
import { Dialog, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotOrder } from '../../../core';
import { spotCancel, spotList } from '../../api/trade';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { useUserEvents } from '../../market';
import { pairs } from '../../market/pairs';
import { PagedList } from '../../components/trade/PagedList';
import { SpotOrderCard } from './components/SpotOrderCard';
import styles from './trade.module.css';

type Tab = 'progress' | 'complete';

/** Spot orders of every pair: open ones (cancel) and history (filled, cancelled), paged by 10. */
export default function SpotOrdersPage() {
  const { t } = useTranslation();
  const { bySymbol } = useSnapshot(pairs);
  const [tab, setTab] = useState<Tab>('progress');
  const [version, setVersion] = useState(0);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  useUserEvents((e) => {
    if (e.kind === 'order') bump();
  });

  const cancel = async (o: SpotOrder) => {
    const ok = await Dialog.confirm({
      content: t('trade.cancelConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setCancelling(o.id);
    try {
      await spotCancel(o.id);
      toastSuccess(t('trade.cancelled'));
      bump();
    } catch {
      /* shown by the client */
    } finally {
      setCancelling(null);
    }
  };

  const fetchPage = useCallback((page: number) => spotList({ status: tab, page }), [tab]);

  return (
    <PageFrame title={t('trade.title.spotOrders')}>
      <div className={styles.tabsSticky}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className={styles.tabs}>
          <Tabs.Tab key="progress" title={t('trade.tabs.open')} />
          <Tabs.Tab key="complete" title={t('trade.tabs.history')} />
        </Tabs>
      </div>
      <PagedList<SpotOrder>
        fetchPage={fetchPage}
        version={`${tab}|${version}`}
        keyOf={(o) => o.id}
        label={tab === 'progress' ? t('trade.tabs.open') : t('trade.tabs.history')}
        data-testid="spot-orders"
        empty={tab === 'progress' ? t('trade.noOpenOrders') : t('trade.noHistory')}
        renderItem={(o) => (
          <SpotOrderCard
            order={o}
            priceDecimals={bySymbol[o.symbol]?.price_decimals ?? 2}
            onCancel={tab === 'progress' ? cancel : undefined}
            cancelling={cancelling === o.id}
            ask
          />
        )}
      />
    </PageFrame>
  );
}
