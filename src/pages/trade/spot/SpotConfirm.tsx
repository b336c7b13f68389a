import { useTranslation } from 'react-i18next';
import { Num } from '../../../components/Num';
import { useFixedText } from '../../../components/Money';
import { ConfirmSheet } from '../components/ConfirmSheet';
import { minus } from '../components/preview';
import type { PairState } from '../components/usePair';
import { lastPrice, useRenderWithMarket } from '../scaffold/useLiveFigures';
import type { SpotOrder } from './useSpotOrder';
import { decimalPlaces } from './figures';

/** How often the open sheet's figures follow the price (a market order's follow the book as well). */
const SHEET_MS = 1000;

/** The sheet before a spot order: exact figures (what will move), prices at the pair's precision. */
export function SpotConfirm({ o, pair }: { o: SpotOrder; pair: PairState }) {
  const { t } = useTranslation();
  const fixed = useFixedText();
  const { input, names, form, est } = o;
  useRenderWithMarket(form.confirming, pair.symbol, SHEET_MS);
  // the figures at the price now: the sheet follows the market while it is open
  const f = o.at(lastPrice(pair.symbol) ?? o.live);
  const { preview } = f;
  const { side, kind, byQuote, amount } = input;
  const buy = side === 'buy';
  const spendUnit = buy ? names.quote : names.base;
  const numOr = (v: string | null | undefined, unit: string, decimals?: number) =>
    v ? (
      <>
        <Num value={v} format="price" decimals={decimals ?? decimalPlaces(v)} tint={false} /> {unit}
      </>
    ) : (
      '--'
    );
  const slippage = est ? (
    <span data-testid="est-slippage">{`${est.complete ? '' : '> '}${fixed(est.slippagePct, 2)}%`}</span>
  ) : null;
  const pay = {
    label: t('trade.youPay'),
    value: buy ? numOr(byQuote ? amount : preview?.quoteIn, names.quote) : numOr(amount, names.base),
  };
  const get = buy
    ? { label: t('trade.youReceive'), value: numOr(f.baseAmount, names.base), strong: true }
    : { label: t('trade.youReceive'), value: numOr(preview?.quoteOut, names.quote), strong: true };
  return (
    <ConfirmSheet
      visible={form.confirming}
      title={buy ? t('trade.spot.buy', { base: names.base }) : t('trade.spot.sell', { base: names.base })}
      pending={form.pending}
      onClose={() => form.setConfirming(false)}
      onConfirm={() => void o.place()}
      confirmText={t('common.confirm')}
      confirmColor={buy ? 'success' : 'danger'}
      rows={[
        { label: t('trade.pair'), value: pair.symbol },
        { label: t('trade.orderType'), value: t(`trade.${kind}`) },
        {
          label: kind === 'market' || f.fill.crosses ? t('trade.estPrice') : t('trade.price'),
          value: numOr(f.usePrice, names.quote, pair.priceDecimals),
        },
        ...(slippage ? [{ label: t('trade.slippage'), value: slippage }] : []),
        { label: t('trade.amount'), value: numOr(f.baseAmount, names.base) },
        { label: t('trade.fee'), value: byQuote ? t('trade.feeIncluded') : numOr(preview?.fee, names.quote) },
        ...(buy ? [pay, get] : [get, pay]),
        { label: t('trade.balanceAfter'), value: numOr(minus(o.spend, f.needed), spendUnit) },
      ]}
      note={
        kind === 'market' ? t('trade.marketNote') : f.fill.crosses ? t('trade.limitCrossNote') : t('trade.limitNote')
      }
    />
  );
}
