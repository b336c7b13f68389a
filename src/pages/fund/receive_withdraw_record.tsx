import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { RechargeList, WithdrawList } from '../../components/funds/records';
import { fetchRecharges, fetchWithdrawals } from './parts/fetchers';

/** Deposit and withdrawal records with their review state and the operator's reason. */
export default function ReceiveWithdrawRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'recharge';
  return (
    <PageFrame title={t('route.fund.receive_withdraw_record')}>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        <Tabs.Tab key="recharge" title={t('route.fund.receive')}>
          <RechargeList fetchPage={fetchRecharges} />
        </Tabs.Tab>
        <Tabs.Tab key="withdraw" title={t('route.fund.withdraw')}>
          <WithdrawList fetchPage={fetchWithdrawals} />
        </Tabs.Tab>
      </Tabs>
    </PageFrame>
  );
}
