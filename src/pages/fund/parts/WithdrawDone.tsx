import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WithdrawEntry } from '../../../../core';
import { pathOf } from '../../../nav/paths';
import { DetailRows } from '../../../components/funds/DetailRows';
import { Amount } from '../../../components/funds/Amount';
import styles from '../fund.module.css';

/** After a withdrawal went in: waiting for review, what was sent and where, and the way to the records. */
export function WithdrawDone({ done }: { done: WithdrawEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Result
        status="waiting"
        title={t('acct.withdrawPending')}
        description={t('acct.withdrawPendingHint')}
        data-testid="withdraw-result"
      />
      <div className={styles.wrap}>
        <DetailRows
          rows={[
            [t('acct.amount'), <Amount value={done.number} suffix={done.currency} />],
            [t('acct.fee'), <Amount value={done.fee} suffix={done.currency} />],
            [t('acct.received'), <Amount value={done.received} suffix={done.currency} />, true],
            [t('acct.destination'), done.destination],
          ]}
        />
        <Button
          block
          color="primary"
          className={styles.footer}
          onClick={() => navigate(`${pathOf('fund/receive_withdraw_record')}?tab=withdraw`, { replace: true })}
        >
          {t('acct.viewRecords')}
        </Button>
      </div>
    </>
  );
}

/** Unverified: say so before the form, not as a 998 after Confirm (spec §6: withdrawals need level 1). */
export function WithdrawNeedsKyc() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Result
        status="info"
        title={t('acct.realMarkTitle')}
        description={t('acct.withdrawNeedsKyc')}
        data-testid="withdraw-needs-kyc"
      />
      <Button block color="primary" size="large" onClick={() => navigate(pathOf('setting/real'))}>
        {t('acct.verifyNow')}
      </Button>
    </>
  );
}
