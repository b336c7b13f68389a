import { useTranslation } from 'react-i18next';
import { ExactDecimal, assetFormat, netRealisedPnl, type LeverPosition } from '../../../../core';
import { Num } from '../../../components/Num';
import cs from '../components/components.module.css';

/** What a close did: its price, the realised P&L (the journaled value), fees and the net. */
export function CloseResult({ done, priceDecimals }: { done: LeverPosition; priceDecimals: number }) {
  const { t } = useTranslation();
  const quote = done.symbol.split('/')[1];
  return (
    <div className={cs.sheetRows} data-testid="close-result">
      <div className={cs.sheetRow}>
        <dt>{t('trade.lever.closePrice')}</dt>
        <dd>
          {done.close_price ? (
            <Num value={done.close_price} format="price" decimals={priceDecimals} tint={false} />
          ) : (
            '--'
          )}
        </dd>
      </div>
      <div className={`${cs.sheetRow} ${cs.sheetStrong}`}>
        <dt>{t('trade.lever.realised')}</dt>
        <dd data-testid="close-pnl" data-value={done.profits ?? ''}>
          {/* the exact journaled value stays in data-value; shown at the quote's precision (cents for USDT) */}
          <Num value={done.profits} signed tint={false} {...assetFormat(quote)} suffix={` ${quote}`} />
        </dd>
      </div>
      <div className={cs.sheetRow}>
        <dt>{t('trade.lever.fees')}</dt>
        <dd>
          <Num
            value={new ExactDecimal(done.trade_fee).plus(done.overnight_money).toFixed()}
            tint={false}
            suffix={` ${quote}`}
          />
        </dd>
      </div>
      {done.profits !== null ? (
        <div className={`${cs.sheetRow} ${cs.sheetStrong}`}>
          <dt>{t('trade.lever.netPnl')}</dt>
          <dd data-testid="close-net-pnl">
            <Num
              value={netRealisedPnl(done.profits, done.trade_fee, done.overnight_money)}
              signed
              tint={false}
              {...assetFormat(quote)}
              suffix={` ${quote}`}
            />
          </dd>
        </div>
      ) : null}
    </div>
  );
}
