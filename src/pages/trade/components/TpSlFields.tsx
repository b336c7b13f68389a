import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/form';
import { Num } from '../../../components/Num';
import { gt, triggerOutcome } from './preview';
import styles from './trade-form.module.css';

interface TpSlFieldsProps {
  side: 'long' | 'short';
  /** the price the position is expected to open at */
  entry: string | null;
  lots: string;
  lotSize: string;
  multiple: number;
  quote: string;
  priceDecimals: number;
  tp: string;
  sl: string;
  onTp: (v: string) => void;
  onSl: (v: string) => void;
  tpError: string | null;
  slError: string | null;
}

/**
 * Take profit and stop loss set with the opening order, as Binance's form does: each trigger
 * price on its own full-width row, with what closing there would make (core's P&L and ROE).
 */
export function TpSlFields(p: TpSlFieldsProps) {
  const { t } = useTranslation();
  const row = (kind: 'tp' | 'sl', value: string, onChange: (v: string) => void, error: string | null) => {
    const out = error ? null : triggerOutcome(p.side, p.entry, value, p.lots, p.lotSize, p.multiple);
    return (
      <div className={styles.tpslRow}>
        <DecimalInput
          label={t(`trade.lever.${kind}`)}
          value={value}
          onChange={onChange}
          decimals={p.priceDecimals}
          unit={p.quote}
          placeholder={t('trade.lever.triggerPrice')}
          error={error}
          data-testid={`${kind}-input`}
        />
        {out ? (
          <div className={styles.tpslEst} data-testid={`${kind}-estimate`}>
            <span>{t('trade.lever.estPnl')}</span>
            <span>
              <Num
                value={out.pnl}
                signed
                tint={false}
                prefix={gt(out.pnl, '0') ? '+' : undefined}
                suffix={` ${p.quote}`}
              />{' '}
              (<Num value={out.roe} format="percent" signed tint={false} />)
            </span>
          </div>
        ) : null}
      </div>
    );
  };
  return (
    <div className={styles.tpsl} data-testid="tpsl-fields">
      {row('tp', p.tp, p.onTp, p.tpError)}
      {row('sl', p.sl, p.onSl, p.slError)}
    </div>
  );
}
