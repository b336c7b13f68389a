import { useTranslation } from 'react-i18next';
import type { SpotSide } from '../../../../core';
import styles from '../components/trade-form.module.css';

/** Buy | Sell at the top of the spot form. */
export function SideSwitch({ side, onSide }: { side: SpotSide; onSide: (s: SpotSide) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.sideSwitch} role="radiogroup" aria-label={t('trade.side')}>
      {(['buy', 'sell'] as const).map((sd) => (
        <button
          key={sd}
          type="button"
          role="radio"
          aria-checked={side === sd}
          data-testid={`side-${sd}`}
          className={`${styles.sideBtn} ${side === sd ? (sd === 'buy' ? styles.sideBuy : styles.sideSell) : ''}`}
          onClick={() => onSide(sd)}
        >
          {sd === 'buy' ? t('trade.buy') : t('trade.sell')}
        </button>
      ))}
    </div>
  );
}
