import { useTranslation } from 'react-i18next';
import { TraderListPage } from '../../components/copytrade/TraderList';
import { traderList } from '../../api/copytrade';

/** the page's list call; module-level so the list keeps one fetcher */
const fetchTraders = (page: number) => traderList(page);

/** Follow: the list of traders open for copying. */
export default function FollowIndexPage() {
  const { t } = useTranslation();
  return <TraderListPage fetchPage={fetchTraders} title={t('route.follow.index')} />;
}
