import { useState } from 'react';
import { Button, Popup, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLoanText, type LoanText } from './useLoanText';
import Decimal from 'decimal.js';
import { LOAN_RULES, ltvPercent, owedAt, type Loan, type LoanEvent } from '../../../core';
import { DecimalInput } from '../../components/form';
import { Amount, useAmountText } from '../../components/product/Figures';
import { Facts } from '../../components/product/Facts';
import { useLoad, when } from '../../components/product/shared';
import { addCollateral, loanDetail, reduceCollateral, repayLoan } from '../../api/loans';
import type { LoanLive } from '../../market/types';
import { useAction } from '../../components/action/useAction';
import s from './loans.module.css';

type Sheet = 'repay' | 'add' | 'reduce' | null;

const STATUS_COLOR: Record<Loan['status'], string> = {
  open: 'primary',
  liquidating: 'danger',
  repaid: 'success',
  liquidated: 'default',
};

/** One loan: its live LTV (from the market worker), liquidation price and buffer, the actions, its history. */
export function LoanCard({ loan, live, onChanged }: { loan: Loan; live: LoanLive | undefined; onChanged: () => void }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [showHistory, setShowHistory] = useState(false);
  const open = loan.status === 'open';
  const level = live?.level ?? 'unknown';
  return (
    <section
      className={s.card}
      data-testid="loan-card"
      data-loan={loan.id}
      data-level={open ? level : loan.status}
      aria-label={t('loans.loanNo', { id: loan.id })}
    >
      <div className={s.head}>
        <span className={s.title}>
          {t('loans.pairLabel', { loan: loan.loan_currency, collateral: loan.collateral_currency })} · #{loan.id}
        </span>
        <Tag color={STATUS_COLOR[loan.status]} fill="outline" data-testid="loan-status">
          {t(`loans.status.${loan.status}`)}
        </Tag>
      </div>
      {open ? (
        <>
          <LtvGauge loan={loan} live={live} />
          <LiveFacts loan={loan} live={live} />
          <div className={s.actions}>
            <Button size="small" color="primary" onClick={() => setSheet('repay')} data-testid="loan-repay">
              {t('loans.repay')}
            </Button>
            <Button size="small" onClick={() => setSheet('add')} data-testid="loan-add">
              {t('loans.add')}
            </Button>
            <Button size="small" onClick={() => setSheet('reduce')} data-testid="loan-reduce">
              {t('loans.reduce')}
            </Button>
          </div>
        </>
      ) : (
        <Facts items={[[t('loans.closedAt'), loan.closed_at ? when(new Date(loan.closed_at).toISOString()) : '—']]} />
      )}
      <Button
        size="mini"
        fill="none"
        onClick={() => setShowHistory((v) => !v)}
        aria-expanded={showHistory}
        data-testid="loan-history-toggle"
      >
        {showHistory ? t('loans.hideHistory') : t('loans.showHistory')}
      </Button>
      {showHistory ? <History loan={loan} /> : null}
      <Popup visible={sheet !== null} onMaskClick={() => setSheet(null)} destroyOnClose>
        {sheet ? (
          <ActionSheet
            loan={loan}
            kind={sheet}
            debt={live?.debt}
            onDone={() => {
              setSheet(null);
              onChanged();
            }}
          />
        ) : null}
      </Popup>
    </section>
  );
}

interface LiveProps {
  loan: Loan;
  live: LoanLive | undefined;
}

/** the LTV and its level, and a bar filled up to the liquidation LTV */
function LtvGauge({ loan, live }: LiveProps) {
  const { t } = useTranslation();
  const level = live?.level ?? 'unknown';
  const ltv = live?.ltv ?? null;
  const { pct } = useLoanText();
  const fill = ltv ? Math.min(100, Number(ltvPercent(ltv))) : 0;
  return (
    <>
      <div className={`${s.ltv} ${s[level]}`}>
        <span className={s.ltvValue} data-testid="loan-ltv">
          {ltv ? `${pct(ltv)}%` : '—'}
        </span>
        <span data-testid="loan-level">{t(`loans.level.${level}`)}</span>
      </div>
      <div
        className={`${s.bar} ${s[level]}`}
        role="img"
        aria-label={t('loans.ltvBar', {
          ltv: ltv ? pct(ltv) : '—',
          liquidation: pct(loan.liquidation_ltv),
        })}
      >
        <div className={s.barFill} style={{ width: `${(fill / Number(ltvPercent(loan.liquidation_ltv))) * 100}%` }} />
      </div>
    </>
  );
}

/** debt, collateral, liquidation price, buffer, the call and liquidation levels, the price */
function LiveFacts({ loan, live }: LiveProps) {
  const { t } = useTranslation();
  const { pct, fixed } = useLoanText();
  return (
    <Facts
      items={[
        [
          t('loans.debt'),
          <Amount value={live?.debt ?? owedAt(loan, loan.accrued_to).total} unit={loan.loan_currency} />,
          'loan-debt',
        ],
        [t('loans.collateral'), <Amount value={loan.collateral} unit={loan.collateral_currency} />, 'loan-collateral'],
        [
          t('loans.liqPrice'),
          live?.liquidation_price ? <Amount value={live.liquidation_price} unit={loan.loan_currency} /> : '—',
          'loan-liq',
        ],
        [
          t('loans.buffer'),
          live?.buffer ? `${fixed(new Decimal(live.buffer).times(100).toFixed(2), 2)}%` : '—',
          'loan-buffer',
        ],
        [t('loans.levels'), `${pct(loan.margin_call_ltv, 0)}% / ${pct(loan.liquidation_ltv, 0)}%`],
        [t('loans.price'), live?.price ? <Amount value={live.price} unit={loan.loan_currency} /> : '—'],
      ]}
    />
  );
}

function ActionSheet({
  loan,
  kind,
  debt,
  onDone,
}: {
  loan: Loan;
  kind: Exclude<Sheet, null>;
  debt: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const { pct } = useLoanText();
  const [amount, setAmount] = useState('');
  const { pending, run } = useAction(() => undefined);
  const coin = kind === 'repay' ? loan.loan_currency : loan.collateral_currency;
  const title = t(kind === 'repay' ? 'loans.repay' : kind === 'add' ? 'loans.add' : 'loans.reduce');
  const go = async (all: boolean) => {
    const call =
      kind === 'repay'
        ? () => repayLoan(loan.id, all ? 'all' : amount)
        : kind === 'add'
          ? () => addCollateral(loan.id, amount)
          : () => reduceCollateral(loan.id, amount);
    if (await run(call, t(kind === 'repay' ? 'loans.repaid' : 'loans.updated'))) onDone();
  };
  return (
    <div className={s.sheet} data-testid="loan-sheet">
      <strong>{title}</strong>
      {kind === 'repay' ? (
        <p className={s.note}>{t('loans.repayNote', { debt: debt ? amountText(debt) : '—', coin })}</p>
      ) : null}
      {kind === 'reduce' ? <p className={s.note}>{t('loans.reduceNote', { ltv: pct(loan.initial_ltv) })}</p> : null}
      <DecimalInput
        label={t('loans.amount')}
        value={amount}
        onChange={setAmount}
        decimals={LOAN_RULES.decimals}
        unit={coin}
        data-testid="sheet-amount"
      />
      <Button
        color="primary"
        block
        loading={pending}
        disabled={!new Decimal(amount || 0).gt(0)}
        onClick={() => void go(false)}
        data-testid="sheet-submit"
      >
        {title}
      </Button>
      {kind === 'repay' ? (
        <Button block loading={pending} onClick={() => void go(true)} data-testid="sheet-repay-all">
          {t('loans.repayAll')}
        </Button>
      ) : null}
    </div>
  );
}

/** an event's amount and its coin; a margin call's LTV as percent text (in the language's marks) */
function eventAmount(e: LoanEvent, loan: Loan, pct: LoanText['pct']): { value: string; unit: string } {
  if (e.kind === 'collateral_add' || e.kind === 'collateral_reduce')
    return { value: e.amount, unit: loan.collateral_currency };
  if (e.kind === 'margin_call') return { value: e.ltv ? `${pct(e.ltv)}%` : '', unit: '' };
  if (e.kind === 'liquidation') return { value: e.detail.sold ?? e.amount, unit: loan.collateral_currency };
  return { value: e.amount, unit: loan.loan_currency };
}

function History({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const { pct } = useLoanText();
  const load = useLoad(() => loanDetail(loan.id), [loan.id, loan.principal, loan.collateral, loan.status]);
  const events = load.data?.events ?? [];
  return (
    <ul className={s.events} data-testid="loan-events" aria-label={t('loans.history')}>
      {events.map((e) => {
        const a = eventAmount(e, loan, pct);
        return (
          <li key={e.id} className={s.event} data-kind={e.kind}>
            <span>
              {t(`loans.event.${e.kind}`)}
              <br />
              <span className={s.eventWhen}>{when(new Date(e.created_at).toISOString())}</span>
            </span>
            <span>{a.unit ? <Amount value={a.value} unit={a.unit} /> : a.value}</span>
          </li>
        );
      })}
    </ul>
  );
}
