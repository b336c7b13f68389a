import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { Picker } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { exchangeQuote, type ExchangeFee, type ExchangeQuote } from '../../../../core';
import { DetailRows } from '../../../components/funds/DetailRows';
import { confirmMoney } from '../../../components/funds/confirmMoney';
import { Amount } from '../../../components/funds/Amount';
import { COIN_DP, minus } from '../../../components/funds/format';
import { readAmount } from './amountRules';
import styles from '../fund.module.css';

/** The quote for the typed amount at the feed's prices (core's exchangeQuote), or null while there is none. */
export function useExchangeQuote(raw: string | undefined, fee: ExchangeFee | undefined): ExchangeQuote | null {
  return useMemo(() => {
    const n = readAmount(raw);
    if (!n || !fee) return null;
    try {
      return exchangeQuote({
        number: n,
        fromPrice: fee.form_price,
        toPrice: fee.to_price,
        feeRate: fee.fee,
        decimals: COIN_DP,
      });
    } catch {
      return null;
    }
  }, [raw, fee]);
}

interface Coin {
  currency: string;
  available: string;
}

/** The confirmation sheet of an exchange: what goes, the rate, the fee, what arrives, the balance after. */
export function confirmExchange(t: TFunction, n: string, from: Coin, to: Coin, quote: ExchangeQuote): Promise<boolean> {
  return confirmMoney(t('acct.confirmExchange'), [
    [t('acct.give'), <Amount value={n} suffix={from.currency} />],
    [
      t('acct.rate'),
      <>
        1 {from.currency} ≈ <Amount value={quote.rate} suffix={to.currency} />
      </>,
    ],
    [t('acct.fee'), <Amount value={quote.fee} suffix={to.currency} />],
    [t('acct.get'), <Amount value={quote.received} suffix={to.currency} />, true],
    [t('acct.balanceAfterIn', { account: from.currency }), <Amount value={minus(from.available, n)} />],
  ]);
}

/** What you give ⇄ what you get: each opens its coin picker; the middle button swaps them. */
export function ExchangePair(props: {
  from: string | undefined;
  to: string | undefined;
  onPick: (side: 'from' | 'to') => void;
  onSwap: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.pair}>
      <button type="button" className={styles.pick} onClick={() => props.onPick('from')}>
        <small>{t('acct.give')}</small>
        <strong>{props.from}</strong>
      </button>
      <button type="button" className={styles.swap} aria-label={t('acct.swap')} onClick={props.onSwap}>
        ⇄
      </button>
      <button type="button" className={styles.pick} onClick={() => props.onPick('to')}>
        <small>{t('acct.get')}</small>
        <strong>{props.to}</strong>
      </button>
    </div>
  );
}

/** The rate (once the prices are in), the fee and what arrives, under the amount. */
export function ExchangeRows({
  from,
  to,
  quote,
  priced,
}: {
  from: string | undefined;
  to: string | undefined;
  quote: ExchangeQuote | null;
  priced: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DetailRows
      rows={[
        [
          t('acct.rate'),
          priced ? (
            <>
              1 {from} ≈ <Amount value={quote?.rate ?? null} suffix={to} />
            </>
          ) : (
            '--'
          ),
        ],
        [t('acct.fee'), <Amount value={quote?.fee ?? null} suffix={to} />],
        [t('acct.get'), <Amount value={quote?.received ?? null} suffix={to} />, true],
      ]}
    />
  );
}

/** The coins one side can take; `side` null: closed. */
export function CoinPicker(props: {
  side: 'from' | 'to' | null;
  coins: { currency: string; currency_id: number }[];
  current: number | undefined;
  onClose: () => void;
  onPick: (currencyId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Picker
      visible={props.side !== null}
      onClose={props.onClose}
      columns={[props.coins.map((c) => ({ label: c.currency, value: String(c.currency_id) }))]}
      value={[String(props.current ?? '')]}
      onConfirm={(v) => {
        const id = Number(v[0]);
        if (!id) return;
        props.onPick(id);
      }}
      confirmText={t('common.confirm')}
      cancelText={t('common.cancel')}
    />
  );
}
