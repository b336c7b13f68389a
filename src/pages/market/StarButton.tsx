import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { CONSTANTS } from '../../../core';
import { session } from '../../stores/session';
import { toast, toastSuccess } from '../../lib/toast';
import { PATHS } from '../../nav/paths';
import { favourites, toggleFavourite, type PairIds } from './favourites';
import styles from './StarButton.module.css';

/** The favourite star: a 44 px target, pressed state announced; guests are sent to log in. */
export function StarButton({ pair, className }: { pair: PairIds; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const fav = useSnapshot(favourites);
  const on = fav.symbols.includes(pair.symbol);

  const onClick = async () => {
    if (!token) {
      toast(t('common.loginFirst'));
      setTimeout(() => navigate(PATHS.login), CONSTANTS.redirectDelayMs);
      return;
    }
    const now = await toggleFavourite(pair);
    if (now !== null) toastSuccess(t(now ? 'market.favAdded' : 'market.favRemoved'));
  };

  return (
    <button
      type="button"
      className={`${styles.star} ${on ? styles.on : ''} ${className ?? ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'market.unfavourite' : 'market.favourite', { pair: pair.symbol })}
      data-testid="fav-star"
      disabled={!!fav.pending[pair.symbol]}
      onClick={() => void onClick()}
    >
      {on ? <StarFill aria-hidden /> : <StarOutline aria-hidden />}
    </button>
  );
}
