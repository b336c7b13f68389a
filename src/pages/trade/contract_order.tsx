import { useCallback, useState } from 'react';
import { Dialog, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LEVER_STATUS, type LeverPosition } from '../../../core';
import { leverClose, leverMyTrade } from '../../api/trade';
import { PageFrame } from '../../components/PageFrame';
import { useMoneyText } from '../../components/Money';
import { toastSuccess } from '../../lib/toast';
import { useUserEvents } from '../../market';
import { pairs } from '../../market/pairs';
import { PagedList } from '../../components/trade/PagedList';
import { PositionCard } from './components/PositionCard';
import { claimNotice } from './components/noticeClaims';
import styles from './trade.module.css';

type Tab = 'position' | 'entrusted' | 'history';

/**
 * Futures orders of every pair: open positions, entrusted (limit) orders and history with the
 * close price, reason and realised P&L; paged by 10. Live P&L is on the trading screen.
 */
export default function ContractOrdersPage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const { bySymbol } = useSnapshot(pairs);
  const [tab, setTab] = useState<Tab>('position');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  useUserEvents((e) => {
    if (e.kind === 'position') bump();
  });

  const close = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: p.status === LEVER_STATUS.entrusted ? t('trade.cancelConfirm') : t('trade.lever.closeConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(p.id);
    try {
      const done = await leverClose(p.id);
      if (p.status === LEVER_STATUS.entrusted) toastSuccess(t('trade.cancelled'));
      else if (claimNotice('lever_closed', done.id))
        toastSuccess(
          t('trade.lever.closed', {
            pnl: money(done.profits ?? '0', done.symbol.split('/')[1] ?? 'USDT'),
            unit: done.symbol.split('/')[1] ?? '',
          }),
        );
      bump();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  const fetchPage = useCallback((page: number) => leverMyTrade({ status: tab, page }), [tab]);

  return (
    <PageFrame title={t('trade.title.contractOrders')}>
      <div className={styles.tabsSticky}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className={styles.tabs}>
          <Tabs.Tab key="position" title={t('trade.tabs.positions')} />
          <Tabs.Tab key="entrusted" title={t('trade.tabs.entrusted')} />
          <Tabs.Tab key="history" title={t('trade.tabs.history')} />
        </Tabs>
      </div>
      <PagedList<LeverPosition>
        fetchPage={fetchPage}
        version={`${tab}|${version}`}
        keyOf={(p) => p.id}
        label={t(`trade.tabs.${tab === 'position' ? 'positions' : tab}`)}
        data-testid="contract-orders"
        empty={
          tab === 'history'
            ? t('trade.noHistory')
            : tab === 'entrusted'
              ? t('trade.noOpenOrders')
              : t('trade.lever.noPositionsHere')
        }
        renderItem={(p) => (
          <PositionCard
            p={p}
            priceDecimals={bySymbol[p.symbol]?.price_decimals ?? 2}
            busy={busy !== null}
            onClose={tab === 'history' ? undefined : (x) => void close(x)}
          />
        )}
      />
    </PageFrame>
  );
}
