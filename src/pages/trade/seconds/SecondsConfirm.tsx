import { useTranslation } from 'react-i18next';
import { ratioFraction, secondsPayout, type SecondsType } from '../../../../core';
import { Num } from '../../../components/Num';
import { ConfirmSheet } from '../components/ConfirmSheet';
import { gt, minus } from '../components/preview';
import { lastPrice, useRenderWithMarket } from '../scaffold/useLiveFigures';
import { pct } from './SecondsForm';
import type { SecondsOrderState } from './useSecondsOrder';

/** How often the open sheet's buy price follows the market (as the pair header's). */
const SHEET_MS = 500;

/** What a win pays in profit, by core's settlement rule (a winning close one step past the open). */
function winProfit(type: SecondsType, stake: string, percent: string): string | null {
  if (!stake || !gt(stake, '0')) return null;
  return secondsPayout({
    direction: type,
    stake,
    profitRatio: ratioFraction(percent),
    openPrice: '1',
    closePrice: type === 'up' ? '2' : '0',
  }).profit;
}

/** The sheet before an option: duration, the live buy price, stake, what a win pays and the balance after. */
export function SecondsConfirm({
  o,
  symbol,
  fallback,
  priceDecimals,
}: {
  o: SecondsOrderState;
  symbol: string;
  /** the listing's last price, until the market's first row */
  fallback: string | undefined;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const { form, setup, stake, type } = o;
  const { cfg, unit } = setup;
  useRenderWithMarket(form.confirming, symbol, SHEET_MS);
  const live = lastPrice(symbol) ?? fallback;
  const profit = form.confirming && cfg ? winProfit(type, stake, cfg.profit_ratio) : null;
  return (
    <ConfirmSheet
      visible={form.confirming}
      title={type === 'down' ? t('trade.seconds.buyDown') : t('trade.seconds.buyUp')}
      pending={form.pending}
      onClose={() => form.setConfirming(false)}
      onConfirm={() => void o.place()}
      confirmText={t('common.confirm')}
      confirmColor={type === 'down' ? 'danger' : 'success'}
      rows={[
        { label: t('trade.pair'), value: symbol },
        { label: t('trade.seconds.duration'), value: cfg ? `${cfg.seconds}s` : '--' },
        {
          label: t('trade.seconds.buyPrice'),
          value: live ? <Num value={live} format="price" decimals={priceDecimals} tint={false} /> : '--',
        },
        { label: t('trade.seconds.stake'), value: `${stake} ${unit}` },
        {
          label: t('trade.seconds.expectedProfit'),
          value: profit ? `${profit} ${unit} (${pct(cfg?.profit_ratio ?? '0')})` : '--',
          strong: true,
        },
        { label: t('trade.balanceAfter'), value: `${minus(setup.available, stake) ?? '--'} ${unit}` },
      ]}
      note={t('trade.seconds.rule')}
    />
  );
}
