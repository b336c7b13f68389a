import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import { walletDetail } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { DetailRows } from '../../components/funds/DetailRows';
import { JournalList } from '../../components/funds/records';
import { fetchJournal } from './parts/fetchers';
import { Amount } from '../../components/funds/Amount';
import { fieldOf } from '../../components/funds/format';
import styles from './fund.module.css';

/** One currency in one account: its balance and every change to it. */
export default function AssetsRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency')) || undefined;
  const type = Number(params.get('type')) || 2;
  const detail = useLoad(
    () => (currency ? walletDetail(currency, type) : Promise.reject(new Error('no currency'))),
    [currency, type],
  );
  return (
    <PageFrame title={t('route.fund.assets_record')}>
      {currency ? (
        <LoadState load={detail}>
          {(d) => (
            <section className={styles.wrap}>
              <div className={`${styles.recTop} ${styles.detailHead}`}>
                <span>
                  {d.currency} · {t(`acct.account.${fieldOf(d.type)}`)}
                </span>
              </div>
              <DetailRows
                rows={[
                  [t('acct.available'), <Amount value={d.available} />, true],
                  [t('acct.frozen'), <Amount value={d.frozen} />],
                  [t('acct.equivalent'), <Amount value={d.fiat_value} fiat />],
                ]}
              />
              <div className={`${styles.center} ${styles.detailActions}`}>
                <Button
                  size="small"
                  color="primary"
                  onClick={() => navigate(`${pathOf('fund/receive')}?currency=${d.currency_id}`)}
                >
                  {t('route.fund.receive')}
                </Button>
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => navigate(`${pathOf('fund/withdraw')}?currency=${d.currency_id}`)}
                >
                  {t('route.fund.withdraw')}
                </Button>
                <Button size="small" fill="outline" onClick={() => navigate(pathOf('fund/fundTransfer'))}>
                  {t('route.fund.fundTransfer')}
                </Button>
              </div>
            </section>
          )}
        </LoadState>
      ) : null}
      <JournalList
        reloadKey={`${currency}-${currency ? type : undefined}`}
        fetchPage={(p) => fetchJournal(p, currency, currency ? type : undefined)}
      />
    </PageFrame>
  );
}
