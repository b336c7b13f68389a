import { useTranslation } from 'react-i18next';
import { TpSlFields } from '../components/TpSlFields';
import type { LeverOrder } from './useLeverOrder';
import styles from '../components/trade-form.module.css';

/** Take profit / stop loss on opening: a switch, then the two prices with what each would realise. */
export function LeverTpSl({
  o,
  lotSize,
  quote,
  priceDecimals,
}: {
  o: LeverOrder;
  lotSize: string;
  quote: string;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const { input } = o;
  return (
    <>
      {/* a native checkbox: the kit's would add its weight to the trade screen's first load (bundle budget) */}
      <label className={styles.tpslToggle}>
        <input
          type="checkbox"
          checked={input.withTpSl}
          onChange={(e) => input.toggleTpSl(e.target.checked)}
          data-testid="tpsl-toggle"
        />
        {t('trade.lever.tpsl')}
      </label>
      {input.withTpSl ? (
        <TpSlFields
          side={input.side}
          entry={o.usePrice}
          lots={input.lots}
          lotSize={lotSize}
          multiple={o.mult}
          quote={quote}
          priceDecimals={priceDecimals}
          tp={input.tp}
          sl={input.sl}
          onTp={input.setTp}
          onSl={input.setSl}
          tpError={o.checks.tpErr}
          slError={o.checks.slErr}
        />
      ) : null}
    </>
  );
}
