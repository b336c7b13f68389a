import { useTranslation } from 'react-i18next';
import type { ExchangeEntry, JournalEntry, RechargeEntry, TransferEntry, WithdrawEntry } from '../../../../core';
import { CONSTANTS } from '../../../../core';
import { bill, exchangeList, legalLog, rechargeLog, transferHistory, withdrawList } from '../../../api/funds';
import { PagedList } from '../../../components/list/PagedList';
import { StatusTag } from '../../../components/funds/StatusTag';
import { Amount } from '../../../components/funds/Amount';
import { when } from '../../../components/funds/format';
import styles from '../fund.module.css';

/** One row per kind of record; the record pages compose these lists. */

export function RechargeRow({ r }: { r: RechargeEntry }) {
  const { t } = useTranslation();
  return (
    <div data-testid="recharge-row">
      <div className={styles.recTop}>
        <span>
          {t('route.fund.receive')} <Amount value={r.amount} suffix={r.currency} />
        </span>
        <StatusTag status={r.status} />
      </div>
      <div className={styles.recSub}>
        <span>{r.network}</span>
        <span>{when(r.created_at)}</span>
      </div>
      {r.status === 'rejected' && r.reason ? <div className={styles.recReason}>{t('acct.reason', { reason: r.reason })}</div> : null}
    </div>
  );
}

export function WithdrawRow({ r }: { r: WithdrawEntry }) {
  const { t } = useTranslation();
  return (
    <div data-testid="withdraw-row">
      <div className={styles.recTop}>
        <span>
          {t('route.fund.withdraw')} <Amount value={r.number} suffix={r.currency} />
        </span>
        <StatusTag status={r.status} />
      </div>
      <div className={styles.recSub}>
        <span>
          {t('acct.fee')} <Amount value={r.fee} /> · {t('acct.received')} <Amount value={r.received} />
        </span>
        <span>{when(r.created_at)}</span>
      </div>
      <div className={styles.recSub}>
        <span>{r.destination}</span>
      </div>
      {r.status === 'rejected' && r.reason ? <div className={styles.recReason}>{t('acct.reason', { reason: r.reason })}</div> : null}
    </div>
  );
}

export function TransferRow({ r }: { r: TransferEntry }) {
  const { t } = useTranslation();
  return (
    <div data-testid="transfer-row">
      <div className={styles.recTop}>
        <span>
          {t(`acct.account.${r.from_field}`)} → {t(`acct.account.${r.to_field}`)}
        </span>
        <Amount value={r.number} suffix={r.currency} />
      </div>
      <div className={styles.recSub}>
        <span>{t('route.fund.fundTransfer')}</span>
        <span>{when(r.created_at)}</span>
      </div>
    </div>
  );
}

export function ExchangeRow({ r }: { r: ExchangeEntry }) {
  const { t } = useTranslation();
  return (
    <div data-testid="exchange-row">
      <div className={styles.recTop}>
        <span>
          {r.from_currency} → {r.to_currency}
        </span>
        <Amount value={r.received} suffix={r.to_currency} />
      </div>
      <div className={styles.recSub}>
        <span>
          {t('acct.spent')} <Amount value={r.number} suffix={r.from_currency} /> · {t('acct.fee')} <Amount value={r.fee} />
        </span>
        <span>{when(r.created_at)}</span>
      </div>
    </div>
  );
}

export function JournalRow({ r }: { r: JournalEntry }) {
  const { t } = useTranslation();
  const frozenMoved = r.delta_frozen !== '0' && !/^-?0(\.0+)?$/.test(r.delta_frozen);
  return (
    <div data-testid="journal-row" data-reason={r.reason}>
      <div className={styles.recTop}>
        <span>{t(`acct.reasons.${r.reason}`, { defaultValue: r.reason })}</span>
        <Amount value={r.delta_available} suffix={r.currency} signed />
      </div>
      <div className={styles.recSub}>
        <span>
          {t(`acct.account.${['legal', 'change', 'lever', 'micro'][r.type - 1] ?? 'change'}`)} · {t('acct.balance')} <Amount value={r.available_after} />
          {frozenMoved ? (
            <>
              {' '}
              · {t('acct.frozen')} <Amount value={r.delta_frozen} signed />
            </>
          ) : null}
        </span>
        <span>{when(r.created_at)}</span>
      </div>
    </div>
  );
}

const size = CONSTANTS.pageSize;

export function RechargeList() {
  const { t } = useTranslation();
  return <PagedList testId="recharge-list" fetchPage={(p) => rechargeLog(p, size)} itemKey={(r) => r.id} renderItem={(r) => <RechargeRow r={r} />} emptyText={t('acct.emptyRecharge')} />;
}
export function WithdrawList() {
  const { t } = useTranslation();
  return <PagedList testId="withdraw-list" fetchPage={(p) => withdrawList(p, size)} itemKey={(r) => r.id} renderItem={(r) => <WithdrawRow r={r} />} emptyText={t('acct.emptyWithdraw')} />;
}
export function TransferList() {
  const { t } = useTranslation();
  return <PagedList testId="transfer-list" fetchPage={(p) => transferHistory(p, size)} itemKey={(r) => r.id} renderItem={(r) => <TransferRow r={r} />} emptyText={t('acct.emptyTransfer')} />;
}
export function ExchangeList() {
  const { t } = useTranslation();
  return <PagedList testId="exchange-list" fetchPage={(p) => exchangeList(p, size)} itemKey={(r) => r.id} renderItem={(r) => <ExchangeRow r={r} />} emptyText={t('acct.emptyExchange')} />;
}
export function JournalList({ currency, type }: { currency?: number; type?: number }) {
  const { t } = useTranslation();
  return (
    <PagedList
      testId="journal-list"
      reloadKey={`${currency}-${type}`}
      fetchPage={(p) => (currency || type ? legalLog({ currency, type, page: p, limit: size }) : bill(p, size))}
      itemKey={(r) => r.id}
      renderItem={(r) => <JournalRow r={r} />}
      emptyText={t('acct.emptyJournal')}
    />
  );
}
