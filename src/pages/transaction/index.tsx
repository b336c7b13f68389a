import { useCallback, useState } from 'react';
import { Dialog } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotOrder } from '../../../core';
import { PATHS, pathOf } from '../../nav/paths';
import { spotCancel, spotList } from '../../api/trade';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { useUserEvents } from '../../market';
import { session } from '../../stores/session';
import { ChartPanel } from './components/ChartPanel';
import { PagedList } from '../../components/trade/PagedList';
import { PairHeader } from './components/PairHeader';
import { SpotOrderCard } from './components/SpotOrderCard';
import { SpotOrderForm } from './components/SpotOrderForm';
import type { PickedPrice } from './components/picked';
import { OrderBook } from '../../components/book/OrderBook';
import { TradeTabs } from './components/TradeTabs';
import { usePair, usePairSymbol } from './components/usePair';
import styles from './transaction.module.css';

/** Trade tab: spot trading of one pair — header, collapsible K-line, the order form with the book beside it, open orders. */
export default function SpotTradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const symbol = usePairSymbol();
  const pair = usePair(symbol);
  const [version, setVersion] = useState(0);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const pick = useCallback((price: string) => setPicked({ price }), []);
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  // A fill or a cancel of one of this pair's orders (from any device) refreshes the list.
  useUserEvents((e) => {
    if (e.kind === 'order' && e.order.symbol === symbol) bump();
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
      /* message shown by the client */
    } finally {
      setCancelling(null);
    }
  };

  const fetchPage = useCallback(
    (page: number) => {
      const cur = pair.settings ?? pair.quote;
      return spotList({ currency_id: cur?.currency_id, legal_id: cur?.legal_id, status: 'progress', page });
    },
    [pair.settings, pair.quote],
  );
  const ready = !!(pair.settings ?? pair.quote);

  return (
    <PageFrame title={t('tabs.trade')} back={false}>
      <TradeTabs active="spot" symbol={symbol} />
      <PairHeader
        pair={pair}
        back="transaction/index"
        right={
          <button
            type="button"
            className={styles.iconBtn}
            aria-label={t('trade.spotOrders')}
            onClick={() => navigate(pathOf('transaction/currency_order'))}
          >
            <FileOutline aria-hidden />
          </button>
        }
      />
      <ChartPanel symbol={symbol} precision={pair.priceDecimals} />
      <div className={styles.split}>
        <SpotOrderForm pair={pair} onPlaced={bump} picked={picked} />
        <OrderBook symbol={symbol} priceDecimals={pair.priceDecimals} onPick={pick} />
      </div>
      <section className={styles.section} aria-labelledby="open-orders">
        <div className={styles.sectionHead}>
          <h2 id="open-orders" className={styles.sectionTitle}>
            {t('trade.openOrders')}
          </h2>
          {token ? (
            <button
              type="button"
              className={styles.sectionLink}
              onClick={() => navigate(pathOf('transaction/currency_order'))}
            >
              {t('trade.allOrders')}
            </button>
          ) : null}
        </div>
        {!token ? (
          <div className={styles.empty}>
            <button type="button" className={styles.sectionLink} onClick={() => navigate(PATHS.login)}>
              {t('trade.loginToSeeOrders')}
            </button>
          </div>
        ) : ready ? (
          <PagedList<SpotOrder>
            fetchPage={fetchPage}
            version={`${symbol}|${version}`}
            keyOf={(o) => o.id}
            pull={false}
            label={t('trade.openOrders')}
            data-testid="open-orders"
            empty={t('trade.noOpenOrders')}
            renderItem={(o) => (
              <SpotOrderCard
                order={o}
                priceDecimals={pair.priceDecimals}
                onCancel={cancel}
                cancelling={cancelling === o.id}
              />
            )}
          />
        ) : null}
      </section>
    </PageFrame>
  );
}
