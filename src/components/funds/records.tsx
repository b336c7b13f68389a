import { useTranslation } from 'react-i18next';
import type { ExchangeEntry, JournalEntry, Page, RechargeEntry, TransferEntry, WithdrawEntry } from '../../../core';
import { PagedList } from '../list/PagedList';
import { StatusTag } from './StatusTag';
import { Amount } from './Amount';
import { when } from './format';
import { AskAbout } from '../service/AskAbout';
import styles from './records.module.css';

/** One row per kind of record; the record pages compose these lists. */

function RechargeRow({ r }: { r: RechargeEntry }) {
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
      {r.status === 'rejected' && r.reason ? (
        <div className={styles.recReason}>{t('acct.reason', { reason: r.reason })}</div>
      ) : null}
    </div>
  );
}

function WithdrawRow({ r }: { r: WithdrawEntry }) {
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
      {r.status === 'rejected' && r.reason ? (
        <div className={styles.recReason}>{t('acct.reason', { reason: r.reason })}</div>
      ) : null}
      <AskAbout type="withdraw" id={r.id} />
    </div>
  );
}

function TransferRow({ r }: { r: TransferEntry }) {
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

function ExchangeRow({ r }: { r: ExchangeEntry }) {
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
          {t('acct.spent')} <Amount value={r.number} suffix={r.from_currency} /> · {t('acct.fee')}{' '}
          <Amount value={r.fee} />
        </span>
        <span>{when(r.created_at)}</span>
      </div>
    </div>
  );
}

function JournalRow({ r }: { r: JournalEntry }) {
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
          {t(`acct.account.${['legal', 'change', 'lever', 'micro'][r.type - 1] ?? 'change'}`)} · {t('acct.balance')}{' '}
          <Amount value={r.available_after} />
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

type Fetch<T> = (page: number) => Promise<Page<T>>;

/** The lists take the page's call (a page fetcher), so this view never calls the API itself. */
export function RechargeList({ fetchPage }: { fetchPage: Fetch<RechargeEntry> }) {
  const { t } = useTranslation();
  return (
    <PagedList
      testId="recharge-list"
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      renderItem={(r) => <RechargeRow r={r} />}
      emptyText={t('acct.emptyRecharge')}
    />
  );
}
export function WithdrawList({ fetchPage }: { fetchPage: Fetch<WithdrawEntry> }) {
  const { t } = useTranslation();
  return (
    <PagedList
      testId="withdraw-list"
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      renderItem={(r) => <WithdrawRow r={r} />}
      emptyText={t('acct.emptyWithdraw')}
    />
  );
}
export function TransferList({ fetchPage }: { fetchPage: Fetch<TransferEntry> }) {
  const { t } = useTranslation();
  return (
    <PagedList
      testId="transfer-list"
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      renderItem={(r) => <TransferRow r={r} />}
      emptyText={t('acct.emptyTransfer')}
    />
  );
}
export function ExchangeList({ fetchPage }: { fetchPage: Fetch<ExchangeEntry> }) {
  const { t } = useTranslation();
  return (
    <PagedList
      testId="exchange-list"
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      renderItem={(r) => <ExchangeRow r={r} />}
      emptyText={t('acct.emptyExchange')}
    />
  );
}
/** `reloadKey` restarts the list when the page's filter changes. */
export function JournalList({ fetchPage, reloadKey }: { fetchPage: Fetch<JournalEntry>; reloadKey?: string }) {
  const { t } = useTranslation();
  return (
    <PagedList
      testId="journal-list"
      reloadKey={reloadKey}
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      renderItem={(r) => <JournalRow r={r} />}
      emptyText={t('acct.emptyJournal')}
    />
  );
}
