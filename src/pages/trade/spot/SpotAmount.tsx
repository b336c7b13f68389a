import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/form';
import type { SpotOrder } from './useSpotOrder';
import styles from '../components/trade-form.module.css';

/** Decimals of a quote amount to spend (the server's limit). */
const QUOTE_DECIMALS = 8;

/** The amount box: in the base, or for a market buy in the quote to spend (its unit is a switch). */
export function SpotAmount({ o, qtyDecimals }: { o: SpotOrder; qtyDecimals: number }) {
  const { t } = useTranslation();
  const { input, names, form } = o;
  const { byQuote } = input;
  const unit =
    input.kind === 'market' && input.side === 'buy' ? (
      <button
        type="button"
        className={styles.unitSwitch}
        data-testid="amount-unit"
        // The name starts with what is shown (axe label-content-name-mismatch), then says what a tap does.
        aria-label={`${byQuote ? names.quote : names.base} ⇅, ${t('trade.amountIn', { unit: byQuote ? names.base : names.quote })}`}
        onClick={input.flipUnit}
      >
        {byQuote ? names.quote : names.base} ⇅
      </button>
    ) : (
      names.base
    );
  return (
    <AmountField
      label={byQuote ? t('trade.total') : t('trade.amount')}
      value={input.amount}
      onChange={input.setAmount}
      decimals={byQuote ? QUOTE_DECIMALS : qtyDecimals}
      unit={unit}
      maxAmount={form.token ? o.maxAmount : undefined}
      available={form.token ? o.spend : undefined}
      availableUnit={input.side === 'buy' ? names.quote : names.base}
      error={o.checks.amountError}
      onBlur={() => input.amount && form.setTouched(true)}
      data-testid="amount-input"
    />
  );
}
