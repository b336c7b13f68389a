import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { LOAN_RULES, type LoanPair } from '../../../core';
import { DecimalInput } from '../../components/form';
import { Amount } from '../../components/product/Figures';
import { Facts } from '../../components/product/Facts';
import { useBorrow } from './useBorrow';
import { useLoanText } from './useLoanText';
import s from './loans.module.css';

const HOURS_A_YEAR = 24 * 365;

/** Borrow: pick a pair, put up collateral, see the LTV and liquidation price before confirming. */
export function BorrowForm({ pairs, onBorrowed }: { pairs: LoanPair[]; onBorrowed: () => void }) {
  const { t } = useTranslation();
  const [pairId, setPairId] = useState(pairs[0]?.id);
  const pair = pairs.find((p) => p.id === pairId) ?? pairs[0];
  if (!pair) return null;
  return (
    <div className={s.page}>
      <Selector
        aria-label={t('loans.pair')}
        columns={2}
        options={pairs.map((p) => ({
          label: t('loans.pairLabel', { loan: p.loan_currency, collateral: p.collateral_currency }),
          value: p.id,
        }))}
        value={[pair.id]}
        onChange={(v) => v[0] !== undefined && setPairId(v[0])}
      />
      <PairForm key={pair.id} pair={pair} onBorrowed={onBorrowed} />
    </div>
  );
}

function PairForm({ pair, onBorrowed }: { pair: LoanPair; onBorrowed: () => void }) {
  const { t } = useTranslation();
  const b = useBorrow(pair, onBorrowed);
  const { pct, qty } = useLoanText();
  const { max } = b;
  return (
    <div className={s.card} data-testid="borrow-form">
      <PairTerms pair={pair} price={b.price} />
      <DecimalInput
        label={t('loans.collateral')}
        value={b.collateral}
        onChange={b.setCollateral}
        decimals={LOAN_RULES.decimals}
        unit={pair.collateral_currency}
        data-testid="collateral-input"
      />
      <DecimalInput
        label={t('loans.borrowAmount')}
        value={b.amount}
        onChange={b.setAmount}
        decimals={LOAN_RULES.decimals}
        unit={pair.loan_currency}
        error={b.tooHigh ? t('loans.tooHigh', { ltv: pct(pair.initial_ltv) }) : null}
        data-testid="amount-input"
      />
      {max ? (
        <Button size="small" fill="outline" onClick={() => b.setAmount(max)} data-testid="borrow-max">
          {t('loans.max', { amount: qty(max, LOAN_RULES.decimals), coin: pair.loan_currency })}
        </Button>
      ) : null}
      <Facts
        items={[
          [t('loans.ltv'), b.ltv ? `${pct(b.ltv)}%` : '—', 'preview-ltv'],
          [t('loans.liqPrice'), b.liq ? <Amount value={b.liq} unit={pair.loan_currency} /> : '—', 'preview-liq'],
        ]}
      />
      <Button
        color="primary"
        block
        loading={b.pending}
        disabled={!b.hasBoth || b.tooHigh || !b.price}
        onClick={() => void b.submit()}
        data-testid="borrow-submit"
      >
        {t('loans.borrow')}
      </Button>
    </div>
  );
}

/** the pair's LTV levels, rate, limits and the live price */
function PairTerms({ pair, price }: { pair: LoanPair; price: string | undefined }) {
  const { t } = useTranslation();
  const { pct, fixed, qty } = useLoanText();
  const yearly = new Decimal(pair.hourly_rate).times(HOURS_A_YEAR).times(100).toDecimalPlaces(2).toFixed(2);
  return (
    <Facts
      items={[
        [t('loans.initialLtv'), `${pct(pair.initial_ltv)}%`],
        [t('loans.marginCallLtv'), `${pct(pair.margin_call_ltv)}%`],
        [t('loans.liquidationLtv'), `${pct(pair.liquidation_ltv)}%`],
        [t('loans.hourlyRate'), t('loans.yearly', { rate: fixed(yearly, 2) })],
        [t('loans.limits'), `${qty(pair.min_amount)} – ${qty(pair.max_amount)} ${pair.loan_currency}`],
        [
          t('loans.price'),
          price ? <Amount value={price} unit={pair.loan_currency} /> : t('loans.noPrice'),
          'borrow-price',
        ],
      ]}
    />
  );
}
