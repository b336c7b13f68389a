import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/form';
import styles from './trade-form.module.css';

export type EntryKind = 'market' | 'limit';

/**
 * The order type switch and what follows it — the limit price field, or "market price" — as the
 * spot and futures forms both show it. The form decides what choosing a type does to its other
 * fields (onKind).
 */
export function OrderPriceFields(p: {
  kind: EntryKind;
  onKind: (k: EntryKind) => void;
  price: string;
  onPrice: (v: string) => void;
  decimals: number;
  unit: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.kindSwitch} role="radiogroup" aria-label={t('trade.orderType')}>
        {(['market', 'limit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={p.kind === k}
            data-testid={`kind-${k}-order`}
            className={`${styles.kindBtn} ${p.kind === k ? styles.kindOn : ''}`}
            onClick={() => p.onKind(k)}
          >
            {t(`trade.${k}`)}
          </button>
        ))}
      </div>
      {p.kind === 'limit' ? (
        <DecimalInput
          label={t('trade.price')}
          value={p.price}
          onChange={p.onPrice}
          decimals={p.decimals}
          unit={p.unit}
          error={p.error}
          data-testid="price-input"
        />
      ) : (
        <div className={styles.marketPrice} aria-live="off">
          <span>{t('trade.price')}</span>
          <span>{t('trade.marketPrice')}</span>
        </div>
      )}
    </>
  );
}
