import type { ReactNode } from 'react';
import { DownOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../../nav/paths';
import { Num } from '../../../components/Num';
import { ChangePill } from '../../../components/market/ChangePill';
import { useMarketView, useStreamStale, useTicker } from '../../../market';
import type { PairState } from './usePair';
import { MarketClosedNotice } from './MarketClosedNotice';
import styles from './components.module.css';

/** Pair name (opens the picker), live last price and 24 h change; `right` holds page actions. */
export function PairHeader({ pair, back, right }: { pair: PairState; back: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useMarketView({ symbols: [pair.symbol] });
  const row = useTicker(pair.symbol);
  const stale = useStreamStale(pair.symbol);
  const last = row?.last ?? pair.quote?.last;
  const change = row?.changePct ?? pair.quote?.change ?? '0';
  const n = Number(change);
  const tone = n > 0 ? styles.up : n < 0 ? styles.down : '';
  return (
    <>
    <div className={styles.pairHead}>
      <button
        type="button"
        className={styles.pairBtn}
        data-testid="pair-picker"
        aria-label={t('trade.pickPair', { symbol: pair.symbol })}
        onClick={() => navigate(`${pathOf('transaction/currency')}?to=${encodeURIComponent(back)}&symbol=${encodeURIComponent(pair.symbol)}`)}
      >
        <span className={styles.pairName}>{pair.symbol}</span>
        <DownOutline aria-hidden className={styles.pairCaret} />
      </button>
      <div className={styles.pairPrice}>
        <Num className={`${styles.pairLast} ${tone}`} value={last} format="price" decimals={pair.priceDecimals} stale={stale} data-testid="pair-last" />
        <ChangePill pct={change} stale={stale} />
      </div>
      {right ? <div className={styles.pairRight}>{right}</div> : null}
    </div>
    <MarketClosedNotice market={pair.settings?.market ?? pair.quote?.market} />
    </>
  );
}
