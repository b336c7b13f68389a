import { useTranslation } from 'react-i18next';
import { TRADE_ROUTES } from '../../nav/paths';
import { SpotOrderForm } from './spot/SpotOrderForm';
import { SpotOpenOrders } from './spot/SpotOpenOrders';
import { TradeScreen } from './scaffold/TradeScreen';
import { useListVersion, useTradePair } from './scaffold/useTradePair';

/** Trade tab: spot trading of one pair — header, collapsible K-line, the order form with the book beside it, open orders. */
export default function SpotTradePage() {
  const { t } = useTranslation();
  const { symbol, pair, picked, pick } = useTradePair();
  // A fill or a cancel of one of this pair's orders (from any device) refreshes the list.
  const { version, bump } = useListVersion((e) => e.kind === 'order' && e.order.symbol === symbol);
  return (
    <TradeScreen
      kind="spot"
      title={t('tabs.trade')}
      pair={pair}
      orders={{ label: t('trade.spotOrders'), route: TRADE_ROUTES.spotOrders }}
      form={<SpotOrderForm pair={pair} onPlaced={bump} picked={picked} />}
      book={{ onPick: pick }}
    >
      <SpotOpenOrders pair={pair} version={version} onChange={bump} />
    </TradeScreen>
  );
}
