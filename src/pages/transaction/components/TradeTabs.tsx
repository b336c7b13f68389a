import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../../nav/paths';
import styles from './components.module.css';

export type TradeKind = 'spot' | 'contract' | 'seconds';

/** each kind's screen (a route name) */
export const TRADE_ROUTES: Record<TradeKind, string> = {
  spot: 'transaction/index',
  contract: 'transaction/index2',
  seconds: 'transaction/seconds_order',
};

/** Spot · Futures · Options switcher at the top of the trade screens; keeps the pair. */
export function TradeTabs({ active, symbol }: { active: TradeKind; symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.kindTabs} role="tablist" aria-label={t('trade.kind.label')}>
      {(Object.keys(TRADE_ROUTES) as TradeKind[]).map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={k === active}
          className={`${styles.kindTab} ${k === active ? styles.kindTabOn : ''}`}
          data-testid={`kind-${k}`}
          onClick={() =>
            k !== active &&
            navigate(`${pathOf(TRADE_ROUTES[k])}?symbol=${encodeURIComponent(symbol)}`, { replace: true })
          }
        >
          {t(`trade.kind.${k}`)}
        </button>
      ))}
    </div>
  );
}
