import { useTranslation } from 'react-i18next';
import type { PairTradeSettings } from '../../../../core';
import { Num } from '../../../components/Num';
import { ConfirmSheet } from '../components/ConfirmSheet';
import { minus } from '../components/preview';
import { lastPrice, useRenderWithMarket } from '../scaffold/useLiveFigures';
import type { LeverOrder } from './useLeverOrder';

/** How often the open sheet's figures follow the price. */
const SHEET_MS = 1000;

/** The sheet before opening: exact figures (what will be locked and charged), prices at the pair's precision. */
export function LeverConfirm({
  o,
  s,
  quote,
  priceDecimals,
}: {
  o: LeverOrder;
  s: PairTradeSettings | null;
  quote: string;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const { input, form } = o;
  useRenderWithMarket(form.confirming, o.symbol, SHEET_MS);
  // the figures at the price now: the sheet follows the market while it is open
  const f = o.at(lastPrice(o.symbol));
  const { preview } = f;
  const { side, entry } = input;
  const amt = (v: string | null | undefined) => (v ? `${v} ${quote}` : '--');
  const price = (v: string | null) =>
    v ? <Num value={v} format="price" decimals={priceDecimals} tint={false} /> : '--';
  const liq = f.liqEstimate ? (
    <Num value={f.liqEstimate} format="price" decimals={priceDecimals} tint={false} data-testid="confirm-liq" />
  ) : (
    '--'
  );
  return (
    <ConfirmSheet
      visible={form.confirming}
      title={side === 'long' ? t('trade.lever.openLong') : t('trade.lever.openShort')}
      pending={form.pending}
      onClose={() => form.setConfirming(false)}
      onConfirm={() => void o.place()}
      confirmText={t('common.confirm')}
      confirmColor={side === 'long' ? 'success' : 'danger'}
      rows={[
        { label: t('trade.pair'), value: `${o.symbol} · ${t(`trade.lever.${side}`)} ${f.mult}×` },
        { label: t('trade.orderType'), value: t(`trade.${entry}`) },
        {
          label: entry === 'market' || f.fill.crosses ? t('trade.estPrice') : t('trade.price'),
          value: price(f.usePrice),
        },
        { label: t('trade.lever.lots'), value: s ? `${input.lots} × ${s.lot_size} ${s.base}` : input.lots },
        { label: t('trade.lever.margin'), value: amt(preview?.margin) },
        { label: t('trade.lever.openingFee'), value: amt(preview?.fee) },
        { label: t('trade.lever.cost'), value: amt(preview?.cost), strong: true },
        { label: t('trade.lever.estLiqPrice'), value: liq },
        { label: t('trade.balanceAfter'), value: amt(minus(f.available, preview?.cost)) },
        ...(input.tp ? [{ label: t('trade.lever.tp'), value: input.tp }] : []),
        ...(input.sl ? [{ label: t('trade.lever.sl'), value: input.sl }] : []),
      ]}
      note={
        entry === 'market' ? t('trade.marketNote') : f.fill.crosses ? t('trade.limitCrossNote') : t('trade.limitNote')
      }
    />
  );
}
