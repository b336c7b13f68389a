import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { AdMarket } from './AdMarket';
import { MerchantPanel } from './MerchantPanel';
import { OrderPage } from './OrderPage';
import { OrdersList } from './OrdersList';
import { QuickBuy } from './QuickBuy';
import { useOtcConfig } from './useOtcConfig';

const TABS = ['buy', 'sell', 'quick', 'orders', 'merchant'] as const;
type Tab = (typeof TABS)[number];

/**
 * P2P (otc/otc): buy and sell from merchants' ads, quick buy, the user's orders and the merchant's
 * panel in tabs (`?tab=`); an order opens on the same route (`?order=<id>`), so Back returns to the list.
 */
export default function Otc() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const cfg = useOtcConfig();
  const orderId = Number(params.get('order')) || 0;
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && TABS.includes(raw) ? raw : 'buy';
  const openOrder = (id: number) => setParams({ order: String(id) });
  if (orderId) {
    return (
      <PageFrame title={t('otc.orderNo', { id: orderId })}>
        <OrderPage id={orderId} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('route.otc.otc')}>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={t(`otc.tab.${k}`)} />
        ))}
      </Tabs>
      <LoadState load={cfg}>
        {(c) =>
          tab === 'buy' || tab === 'sell' ? (
            <AdMarket key={tab} cfg={c} userSide={tab} onOrder={openOrder} />
          ) : tab === 'quick' ? (
            <QuickBuy cfg={c} onOrder={openOrder} />
          ) : tab === 'orders' ? (
            <OrdersList onOrder={openOrder} />
          ) : (
            <MerchantPanel cfg={c} />
          )
        }
      </LoadState>
    </PageFrame>
  );
}
