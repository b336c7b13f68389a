import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { LOAN_RULES, liquidationPriceOf, ltvOf, ltvPercent, ltvWithin, maxBorrow, type LoanPair } from '../../../core';
import { DecimalInput } from '../../components/form';
import { confirmMoney } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import { Facts } from '../../components/product/Facts';
import { useFixedText, useQuantityText } from '../../components/Money';
import { useMarketView, useTicker } from '../../market';
import { borrowLoan } from '../../api/loans';
import { pairSymbols } from './live';
import s from './loans.module.css';

const HOURS_A_YEAR = 24 * 365;

/** The collateral's live price in the loan coin (the same division the server and the worker make). */
function usePairPrice(p: LoanPair): string | undefined {
  const sym = pairSymbols(p);
  useMarketView({ symbols: sym.loan ? [sym.collateral, sym.loan] : [sym.collateral] });
  const c = useTicker(sym.collateral)?.last;
  const l = useTicker(sym.loan ?? '')?.last;
  if (!c) return undefined;
  if (!sym.loan) return c;
  return l && new Decimal(l).gt(0)
    ? new Decimal(c).div(l).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed()
    : undefined;
}

/** The form's figures as text in the language's marks: a ratio as a percent ('0.65' → "65,00" in French), fixed places, amounts. */
function useLoanText() {
  const fixed = useFixedText();
  const qty = useQuantityText();
  return { pct: (ratio: string) => fixed(ltvPercent(ratio), 2), fixed, qty };
}

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
  const { pct, fixed, qty } = useLoanText();
  const price = usePairPrice(pair);
  const [collateral, setCollateral] = useState('');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const hasBoth = new Decimal(collateral || 0).gt(0) && new Decimal(amount || 0).gt(0);
  const ltv = hasBoth && price ? ltvOf(amount, collateral, price) : null;
  const liq = hasBoth ? liquidationPriceOf(amount, collateral, pair.liquidation_ltv) : null;
  const tooHigh = hasBoth && price ? !ltvWithin(amount, collateral, price, pair.initial_ltv) : false;
  const max =
    price && new Decimal(collateral || 0).gt(0)
      ? Decimal.min(maxBorrow(collateral, price, pair.initial_ltv), pair.max_amount).toFixed()
      : null;
  const yearly = new Decimal(pair.hourly_rate).times(HOURS_A_YEAR).times(100).toDecimalPlaces(2).toFixed(2);

  const submit = async () => {
    const ok = await confirmMoney(
      t('loans.confirmBorrow'),
      [
        [t('loans.borrowAmount'), <Amount value={amount} unit={pair.loan_currency} />, true],
        [t('loans.collateral'), <Amount value={collateral} unit={pair.collateral_currency} />],
        [t('loans.ltv'), ltv ? `${pct(ltv)}%` : '—'],
        [t('loans.liqPrice'), liq ? <Amount value={liq} unit={pair.loan_currency} /> : '—'],
        [t('loans.hourlyRate'), `${qty(new Decimal(pair.hourly_rate).times(100).toFixed(), 18)}%`],
      ],
      t('loans.borrowNote', {
        margin: pct(pair.margin_call_ltv),
        liquidation: pct(pair.liquidation_ltv),
      }),
    );
    if (!ok) return;
    setPending(true);
    try {
      await borrowLoan(pair.id, amount, collateral);
      setAmount('');
      setCollateral('');
      onBorrowed();
    } catch {
      /* toasted by the client */
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={s.card} data-testid="borrow-form">
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
      <DecimalInput
        label={t('loans.collateral')}
        value={collateral}
        onChange={setCollateral}
        decimals={LOAN_RULES.decimals}
        unit={pair.collateral_currency}
        data-testid="collateral-input"
      />
      <DecimalInput
        label={t('loans.borrowAmount')}
        value={amount}
        onChange={setAmount}
        decimals={LOAN_RULES.decimals}
        unit={pair.loan_currency}
        error={tooHigh ? t('loans.tooHigh', { ltv: pct(pair.initial_ltv) }) : null}
        data-testid="amount-input"
      />
      {max ? (
        <Button size="small" fill="outline" onClick={() => setAmount(max)} data-testid="borrow-max">
          {t('loans.max', { amount: qty(max, LOAN_RULES.decimals), coin: pair.loan_currency })}
        </Button>
      ) : null}
      <Facts
        items={[
          [t('loans.ltv'), ltv ? `${pct(ltv)}%` : '—', 'preview-ltv'],
          [t('loans.liqPrice'), liq ? <Amount value={liq} unit={pair.loan_currency} /> : '—', 'preview-liq'],
        ]}
      />
      <Button
        color="primary"
        block
        loading={pending}
        disabled={!hasBoth || tooHigh || !price}
        onClick={() => void submit()}
        data-testid="borrow-submit"
      >
        {t('loans.borrow')}
      </Button>
    </div>
  );
}
