import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathOf, TRADE_ROUTES } from '../../../nav/paths';
import styles from './components.module.css';

export type TradeKind = 'spot' | 'contract' | 'seconds';

/** each kind's screen (a route name) */
export const KIND_ROUTES: Record<TradeKind, string> = {
  spot: TRADE_ROUTES.spot,
  contract: TRADE_ROUTES.contract,
  seconds: TRADE_ROUTES.seconds,
};

/** Spot · Futures · Options switcher at the top of the trade screens; keeps the pair. */
export function TradeTabs({ active, symbol }: { active: TradeKind; symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.kindTabs} role="tablist" aria-label={t('trade.kind.label')}>
      {(Object.keys(KIND_ROUTES) as TradeKind[]).map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={k === active}
          className={`${styles.kindTab} ${k === active ? styles.kindTabOn : ''}`}
          data-testid={`kind-${k}`}
          onClick={() =>
            k !== active &&
            navigate(`${pathOf(KIND_ROUTES[k])}?symbol=${encodeURIComponent(symbol)}`, { replace: true })
          }
        >
          {t(`trade.kind.${k}`)}
        </button>
      ))}
    </div>
  );
}
