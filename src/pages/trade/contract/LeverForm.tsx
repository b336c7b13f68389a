import { useTranslation } from 'react-i18next';
import type { LeverAccountSummary, LeverPosition, PairTradeSettings } from '../../../../core';
import { AmountField } from '../../../components/form';
import { useQuantityText } from '../../../components/Money';
import { OrderPriceFields } from '../components/OrderPriceFields';
import type { PickedPrice } from '../components/picked';
import { lastPrice } from '../scaffold/useLiveFigures';
import { SideButtons } from '../scaffold/SideButtons';
import { LeverConfirm } from './LeverConfirm';
import { LeverSummary } from './LeverSummary';
import { LeverTpSl } from './LeverTpSl';
import { MultipleChips } from './MultipleChips';
import { useLeverOrder } from './useLeverOrder';
import styles from '../components/trade-form.module.css';

export interface LeverFormProps {
  settings: PairTradeSettings | null;
  account: LeverAccountSummary | null;
  priceDecimals: number;
  /** a price tapped in the book beside the form */
  picked?: PickedPrice | null;
  onOpened: (p: LeverPosition) => void;
}

/**
 * Open a contract position: long/short, market/limit, lots, a multiple from the pair's allowed
 * set, optional TP/SL; margin and opening fee previewed with core's formulas before confirming.
 */
export function LeverForm({ settings: s, account, priceDecimals, onOpened, picked }: LeverFormProps) {
  const { t } = useTranslation();
  const qty = useQuantityText();
  const o = useLeverOrder(s, account, onOpened, picked);
  const { form, input } = o;
  const quote = s?.quote ?? 'USDT';
  return (
    <form
      className={styles.form}
      aria-label={t('trade.lever.form')}
      onSubmit={(e) => e.preventDefault()}
      // touched: render again with the price as it is now, before the tap or key takes effect
      onPointerDownCapture={o.touch}
      onKeyDownCapture={(e) => (e.key === 'Enter' || e.key === ' ') && o.touch()}
      noValidate
    >
      <OrderPriceFields
        kind={input.entry}
        onKind={(k) => input.chooseEntry(k, lastPrice(o.symbol))}
        price={input.price}
        onPrice={input.setPrice}
        decimals={priceDecimals}
        unit={quote}
        error={o.checks.priceError}
      />
      <MultipleChips multiples={s?.multiples ?? []} value={input.multiple} onChange={input.setMultiple} />
      <AmountField
        label={t('trade.lever.lots')}
        value={input.lots}
        onChange={input.setLots}
        decimals={s?.lots_decimals ?? 0}
        unit={s ? t('trade.lever.lotSize', { size: qty(s.lot_size), base: s.base }) : undefined}
        maxAmount={form.token ? o.max : undefined}
        available={form.token ? o.available : undefined}
        availableUnit={quote}
        error={o.checks.lotsError}
        onBlur={() => input.lots && form.setTouched(true)}
        data-testid="lots-input"
      />
      <LeverTpSl o={o} lotSize={s?.lot_size ?? ''} quote={quote} priceDecimals={priceDecimals} />
      <LeverSummary o={o} quote={quote} />
      <SideButtons
        loggedIn={!!form.token}
        disabled={form.pending || (!!form.token && !s)}
        buy={{ label: t('trade.lever.openLong'), testId: 'open-long', onClick: () => o.submit('long') }}
        sell={{ label: t('trade.lever.openShort'), testId: 'open-short', onClick: () => o.submit('short') }}
      />
      <LeverConfirm o={o} s={s} quote={quote} priceDecimals={priceDecimals} />
    </form>
  );
}
