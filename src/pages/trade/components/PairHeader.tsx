import type { ReactNode } from 'react';
import { DownOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathOf, TRADE_ROUTES } from '../../../nav/paths';
import { useMarketView } from '../../../market';
import { PairPrice } from './PairPrice';
import type { PairState } from './usePair';
import { MarketClosedNotice } from './MarketClosedNotice';
import styles from './components.module.css';

/**
 * How often the header's price and change follow the ticker: twice a second, as the pair page's
 * header (market/summary.tsx), faster than a price can be read. Each snapshot is a message, store
 * writes and a frame on the main thread; the book and chart have their own watches and rates.
 */
const HEADER_MS = 500;

/** Pair name (opens the picker), live last price and 24 h change; `right` holds page actions. */
export function PairHeader({ pair, back, right }: { pair: PairState; back: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useMarketView({ symbols: [pair.symbol], throttleMs: HEADER_MS });
  return (
    <>
      <div className={styles.pairHead}>
        <button
          type="button"
          className={styles.pairBtn}
          data-testid="pair-picker"
          aria-label={t('trade.pickPair', { symbol: pair.symbol })}
          onClick={() =>
            navigate(
              `${pathOf(TRADE_ROUTES.pairPicker)}?to=${encodeURIComponent(back)}&symbol=${encodeURIComponent(pair.symbol)}`,
            )
          }
        >
          <span className={styles.pairName}>{pair.symbol}</span>
          <DownOutline aria-hidden className={styles.pairCaret} />
        </button>
        <PairPrice pair={pair} />
        {right ? <div className={styles.pairRight}>{right}</div> : null}
      </div>
      <MarketClosedNotice market={pair.settings?.market ?? pair.quote?.market} />
    </>
  );
}
