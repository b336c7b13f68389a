import { useState } from 'react';
import { Empty, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Loan, LoanPair } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useLoanFigures, useOnReconnect, useUserEvents } from '../../market';
import { loanPairs, myLoans } from '../../api/loans';
import { BorrowForm } from './BorrowForm';
import { LoanCard } from './LoanCard';
import { loanInput } from './live';
import s from './loans.module.css';

type Tab = 'borrow' | 'open' | 'closed';

/**
 * Crypto loans (common/borrowing): borrow against collateral, the open loans with their LTV,
 * liquidation price and buffer live from the market worker, and the closed loans' records. A
 * margin call or a liquidation (a notice on the user's socket room) reloads the loans at once.
 */
export default function Borrowing() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('borrow');
  const pairs = useLoad(() => loanPairs(), []);
  const open = useLoad(() => myLoans('open'), []);
  const closed = useLoad(() => (tab === 'closed' ? myLoans('closed') : Promise.resolve([] as Loan[])), [tab]);
  useUserEvents((e) => {
    if (e.kind === 'notice' && e.notice.ref.type === 'loan') {
      void open.reload();
      if (tab === 'closed') void closed.reload();
    }
  });
  const openLoans = (open.data ?? []).filter((l) => l.status === 'open');
  const live = useLoanFigures(openLoans.map(loanInput));
  const liveOf = (id: number) => live?.find((x) => x.id === id);
  const reload = () => {
    void open.reload();
    if (tab === 'closed') void closed.reload();
  };
  // interest accrued, a margin call or a liquidation while the socket was away (a deploy): read them again
  useOnReconnect(reload);

  return (
    <PageFrame title={t('route.common.borrowing')}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        <Tabs.Tab key="borrow" title={t('loans.tab.borrow')} />
        <Tabs.Tab key="open" title={t('loans.tab.open', { n: openLoans.length })} />
        <Tabs.Tab key="closed" title={t('loans.tab.closed')} />
      </Tabs>
      {tab === 'borrow' ? (
        <LoadState load={pairs}>
          {(p: LoanPair[]) =>
            p.length ? (
              <BorrowForm
                pairs={p}
                onBorrowed={() => {
                  reload();
                  setTab('open');
                }}
              />
            ) : (
              <Empty description={t('loans.noPairs')} />
            )
          }
        </LoadState>
      ) : (
        <LoadState load={tab === 'open' ? open : closed}>
          {(loans: Loan[]) => (
            <div className={s.page}>
              {loans.length === 0 ? (
                <Empty description={t(tab === 'open' ? 'loans.noOpen' : 'loans.noClosed')} />
              ) : null}
              {loans.map((l) => (
                <LoanCard key={l.id} loan={l} live={liveOf(l.id)} onChanged={reload} />
              ))}
              {tab === 'open' && loans.length ? <p className={s.note}>{t('loans.liveNote')}</p> : null}
            </div>
          )}
        </LoadState>
      )}
    </PageFrame>
  );
}
