import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS, pathOf } from '../../nav/paths';
import { loadPairs } from '../../market/pairs';
import { loadFavourites } from './favourites';
import styles from './market.module.css';

export type MarketState = 'pairs-error' | 'fav-gate' | 'fav-error' | 'loading' | 'fav-empty' | 'empty';

/** What the Markets page shows instead of its list: a failed load, the favourites' login gate, loading, or nothing to list. */
export function MarketStates({ state }: { state: MarketState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  switch (state) {
    case 'pairs-error':
      return (
        <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
          <Button color="primary" onClick={() => void loadPairs(true)}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      );
    case 'fav-gate':
      return (
        <ErrorBlock
          status="empty"
          title={t('market.favLoginTitle')}
          description={t('market.favLoginHint')}
          data-testid="fav-login"
        >
          <Button color="primary" onClick={() => navigate(PATHS.login)}>
            {t('market.logIn')}
          </Button>
        </ErrorBlock>
      );
    case 'fav-error':
      return (
        <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
          <Button color="primary" onClick={() => void loadFavourites(true)}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      );
    case 'loading':
      return (
        <div className={styles.skeleton} aria-busy="true">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      );
    case 'fav-empty':
      return (
        <ErrorBlock status="empty" title={t('market.favEmpty')} description={t('market.favEmptyHint')}>
          <Button color="primary" onClick={() => navigate(pathOf('market/search'))}>
            {t('market.addFavourites')}
          </Button>
        </ErrorBlock>
      );
    case 'empty':
      return <ErrorBlock status="empty" title={t('market.empty')} description="" />;
  }
}
