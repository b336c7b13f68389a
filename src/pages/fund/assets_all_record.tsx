import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { ExchangeList, JournalList, RechargeList, TransferList, WithdrawList } from '../../components/funds/records';
import { fetchExchanges, fetchFiltered, fetchRecharges, fetchTransfers, fetchWithdrawals } from './parts/fetchers';
import { JournalFilters, periodFrom, type JournalFilter } from './parts/JournalFilters';

const TABS = ['all', 'recharge', 'withdraw', 'transfer', 'exchange'] as const;

/** Every record in one place: the journal (every balance change) and each kind of request. */
export default function AssetsAllRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'all';
  const [filter, setFilter] = useState<JournalFilter>({ period: 'all' });
  const key = `${filter.currency ?? ''}-${filter.kind ?? ''}-${filter.period}`;
  return (
    <PageFrame title={t('route.fund.assets_all_record')}>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={t(`acct.tab.${k}`)}>
            {k === 'all' ? (
              <>
                <JournalFilters value={filter} onChange={setFilter} />
                <JournalList
                  reloadKey={key}
                  fetchPage={(p) =>
                    fetchFiltered(p, { currency: filter.currency, kind: filter.kind, from: periodFrom(filter.period) })
                  }
                />
              </>
            ) : k === 'recharge' ? (
              <RechargeList fetchPage={fetchRecharges} />
            ) : k === 'withdraw' ? (
              <WithdrawList fetchPage={fetchWithdrawals} />
            ) : k === 'transfer' ? (
              <TransferList fetchPage={fetchTransfers} />
            ) : (
              <ExchangeList fetchPage={fetchExchanges} />
            )}
          </Tabs.Tab>
        ))}
      </Tabs>
    </PageFrame>
  );
}
