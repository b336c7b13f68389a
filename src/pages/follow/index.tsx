import { useTranslation } from 'react-i18next';
import { TraderListPage } from './parts/TraderList';

/** Follow: the list of traders open for copying. */
export default function FollowIndexPage() {
  const { t } = useTranslation();
  return <TraderListPage title={t('route.follow.index')} />;
}
