import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TraderListPage } from '../../components/copytrade/TraderList';
import { traderList } from '../../api/copytrade';
import styles from '../../components/copytrade/copytrade.module.css';

/** the page's list call; module-level so the list keeps one fetcher */
const fetchTraders = (page: number) => traderList(page);

/** Copy trading home (the Home entry): my copies, becoming a trader, and the trader list. */
export default function CopyTradingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TraderListPage
      fetchPage={fetchTraders}
      title={t('route.copytrade.copy')}
      top={
        <div className={styles.entryRow}>
          <button type="button" className={styles.entry} onClick={() => navigate('/pages/copytrade/my')}>
            {t('copy.myCopies')}
          </button>
          <button type="button" className={styles.entry} onClick={() => navigate('/pages/copytrade/trader')}>
            {t('copy.becomeTrader')}
          </button>
        </div>
      }
    />
  );
}
