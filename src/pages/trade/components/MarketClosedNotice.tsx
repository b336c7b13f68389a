import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMarketOpen, nextMarketOpen, type MarketClass } from '../../../../core';
import styles from './components.module.css';

// <html lang> holds the shown language's BCP 47 tag (src/i18n)
const opensAt = (ms: number) =>
  new Intl.DateTimeFormat(document.documentElement.lang || 'en', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));

/**
 * A stock pair outside its session says so before the trader fills a form (the server refuses new
 * orders then): when it opens next, in the user's time zone, and the rule. Re-checked every 30 s by
 * core's market-hours rule, the one the server applies, so an open page follows the bell.
 */
export function MarketClosedNotice({ market }: { market: MarketClass | undefined }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (market !== 'stock') return;
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, [market]);
  if (!market || isMarketOpen(market, now)) return null;
  // a plain status line, not the kit's NoticeBar: the trade screens' first load stays small
  return (
    <p className={styles.closedNotice} role="status" data-testid="market-closed">
      {t('trade.marketClosed', { opens: opensAt(nextMarketOpen(now)) })}
    </p>
  );
}
