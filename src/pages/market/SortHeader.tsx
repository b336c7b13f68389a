import { useTranslation } from 'react-i18next';
import type { Sort, SortKey } from './sort';
import styles from './market.module.css';

/** Column heads that sort: Pair / Vol, Last price, 24 h change; each tap goes desc → asc → off. */
export function SortHeader({ sort, onSort }: { sort: Sort | null; onSort: (key: SortKey) => void }) {
  const { t } = useTranslation();
  const col = (key: SortKey, label: string, right: boolean) => {
    const dir = sort?.key === key ? sort.dir : null;
    return (
      <button
        type="button"
        className={`${styles.sortBtn} ${right ? styles.headRight : ''} ${dir ? styles.sortActive : ''}`}
        onClick={() => onSort(key)}
        aria-label={`${t('market.sortBy', { column: label })}${dir ? ` (${t(dir === 'asc' ? 'market.ascending' : 'market.descending')})` : ''}`}
        aria-pressed={dir !== null}
        data-testid={`sort-${key}`}
        data-dir={dir ?? undefined}
      >
        <span className={styles.sortLabel}>{label}</span>
        <span className={styles.arrows} aria-hidden>
          <span className={dir === 'asc' ? styles.arrowOn : ''}>▲</span>
          <span className={dir === 'desc' ? styles.arrowOn : ''}>▼</span>
        </span>
      </button>
    );
  };
  return (
    <div className={styles.head}>
      {col('volume', t('market.pairVol'), false)}
      {col('price', t('market.last'), true)}
      {col('change', t('market.change'), true)}
    </div>
  );
}
