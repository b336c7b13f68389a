import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OrderPriceFields } from '../components/OrderPriceFields';
import type { PickedPrice } from '../components/picked';
import type { PairState } from '../components/usePair';
import { lastPrice } from '../scaffold/useLiveFigures';
import { SideSwitch } from './SideSwitch';
import { SpotAmount } from './SpotAmount';
import { SpotConfirm } from './SpotConfirm';
import { SpotSummary } from './SpotSummary';
import { useSpotOrder } from './useSpotOrder';
import styles from '../components/trade-form.module.css';

/**
 * The spot order form: buy/sell, market/limit, price, amount with 25–100 % of what the balance
 * allows, total and fee from core, a confirmation sheet, then the order.
 */
export function SpotOrderForm({
  pair,
  onPlaced,
  picked,
}: {
  pair: PairState;
  onPlaced: () => void;
  picked?: PickedPrice | null;
}) {
  const { t } = useTranslation();
  const o = useSpotOrder(pair, onPlaced, picked);
  const { form, input, names } = o;
  const buy = input.side === 'buy';
  return (
    <form
      className={styles.form}
      aria-label={t('trade.spot.form')}
      onSubmit={(e) => {
        e.preventDefault();
        o.submit();
      }}
      // touched: render again with the price as it is now, before the tap or key takes effect
      onPointerDownCapture={o.touch}
      onKeyDownCapture={(e) => (e.key === 'Enter' || e.key === ' ') && o.touch()}
      noValidate
    >
      <SideSwitch side={input.side} onSide={input.chooseSide} />
      <OrderPriceFields
        kind={input.kind}
        // the price as it is now, not as the last render read it
        onKind={(k) => input.chooseKind(k, lastPrice(pair.symbol) ?? o.live)}
        price={input.price}
        onPrice={input.setPrice}
        decimals={pair.priceDecimals}
        unit={names.quote}
        error={o.checks.priceError}
      />
      <SpotAmount o={o} qtyDecimals={pair.qtyDecimals} />
      <SpotSummary o={o} symbol={pair.symbol} />
      <Button
        block
        type="submit"
        className={buy ? styles.buyBtn : styles.sellBtn}
        disabled={form.pending || (!!form.token && !pair.settings && !pair.quote)}
        data-testid="spot-submit"
      >
        {form.token ? t(buy ? 'trade.spot.buy' : 'trade.spot.sell', { base: names.base }) : t('trade.loginToTrade')}
      </Button>
      <SpotConfirm o={o} pair={pair} />
    </form>
  );
}
