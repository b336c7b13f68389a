import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RechargeEntry } from '../../../../core';
import { servicePath, pathOf } from '../../../nav/paths';
import { DetailRows } from '../../../components/funds/DetailRows';
import { Amount } from '../../../components/funds/Amount';
import styles from '../fund.module.css';

/** After a deposit request went in: waiting for review, the amount, the way to the records and to service. */
export function RechargeDone({ done }: { done: RechargeEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Result
        status="waiting"
        title={t('acct.rechargePending')}
        description={t('acct.rechargePendingHint')}
        data-testid="recharge-result"
      />
      <div className={styles.wrap}>
        <DetailRows
          rows={[
            [t('acct.amount'), <Amount value={done.amount} suffix={done.currency} />, true],
            [t('acct.status.label'), t('acct.status.pending')],
          ]}
        />
        <Button
          block
          color="primary"
          className={styles.footer}
          onClick={() => navigate(`${pathOf('fund/receive_withdraw_record')}?tab=recharge`, { replace: true })}
        >
          {t('acct.viewRecords')}
        </Button>
        <Button
          block
          fill="none"
          color="primary"
          onClick={() => navigate(servicePath({ type: 'recharge', id: done.id }))}
          data-testid="recharge-ask"
        >
          {t('service.askAbout')}
        </Button>
      </div>
    </>
  );
}
