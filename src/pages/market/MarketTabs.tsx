import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepthChart } from '../../components/book/DepthChart';
import { RecentTrades } from '../../components/book/RecentTrades';
import { WideBook } from '../../components/book/WideBook';
import styles from './detail.module.css';

type Tab = 'book' | 'depth' | 'trades';
const TABS: { key: Tab; label: string }[] = [
  { key: 'book', label: 'book.title' },
  { key: 'depth', label: 'book.depth' },
  { key: 'trades', label: 'book.trades' },
];

/** Under the pair's chart: its order book, depth chart and recent trades; only the open tab watches the worker. */
export function MarketTabs({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('book');
  return (
    <section className={styles.marketTabs}>
      <div className={styles.tabBar} role="tablist">
        {TABS.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={tab === x.key}
            className={`${styles.tabBtn} ${tab === x.key ? styles.tabOn : ''}`}
            data-testid={`tab-${x.key}`}
            onClick={() => setTab(x.key)}
          >
            {t(x.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'book' ? <WideBook symbol={symbol} priceDecimals={priceDecimals} /> : null}
        {tab === 'depth' ? <DepthChart symbol={symbol} priceDecimals={priceDecimals} /> : null}
        {tab === 'trades' ? <RecentTrades symbol={symbol} priceDecimals={priceDecimals} /> : null}
      </div>
    </section>
  );
}
