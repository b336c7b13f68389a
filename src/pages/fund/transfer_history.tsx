import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { ExchangeList, TransferList } from '../../components/funds/records';
import { fetchExchanges, fetchTransfers } from './parts/fetchers';

/** Transfers between account types (/wallet/hzhistory) and coin exchanges. */
export default function TransferHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'exchange' ? 'exchange' : 'transfer';
  return (
    <PageFrame title={t('route.fund.transfer_history')}>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        <Tabs.Tab key="transfer" title={t('route.fund.fundTransfer')}>
          <TransferList fetchPage={fetchTransfers} />
        </Tabs.Tab>
        <Tabs.Tab key="exchange" title={t('route.fund.transfer')}>
          <ExchangeList fetchPage={fetchExchanges} />
        </Tabs.Tab>
      </Tabs>
    </PageFrame>
  );
}
