import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ACCOUNT_TYPES, type SpotOrderKind, type SpotSide } from '../../../../core';
import { PATHS } from '../../../nav/paths';
import { spotTrade } from '../../../api/trade';
import { ApiError } from '../../../api/client';
import { AmountField } from '../../../components/form';
import { Num } from '../../../components/Num';
import { toastSuccess } from '../../../lib/toast';
import { marketStore, useTickerEvery } from '../../../market';
import { useBook } from '../../../market/book';
import { session } from '../../../stores/session';
import { ConfirmSheet } from './ConfirmSheet';
import { claimNotice } from './noticeClaims';
import { baseForQuote, expectedFill, gt, maxSpotBuy, minus, spotPreview } from './preview';
import { estimateFill } from './estimate';
import { OrderPriceFields } from './OrderPriceFields';
import { usePickedPrice, type PickedPrice } from './picked';
import { useBalance } from './useBalance';
import type { PairState } from './usePair';
import styles from './trade-form.module.css';

/** How often the form's estimates take the live price (see `live` below). */
const LIVE_ESTIMATE_MS = 1000;
/** Decimals of a quote amount to spend (the server's limit). */
const QUOTE_DECIMALS = 8;
/** Book levels the confirmation's estimate walks. */
const BOOK_LEVELS = 50;

/**
 * The spot order form: buy/sell, market/limit, price, amount with 25–100 % of what the balance
 * allows, total and fee from core, a confirmation sheet, then the order.
 */
export function SpotOrderForm({
  pair,
  onPlaced,
  picked,
}: {
  pair: PairState;
  onPlaced: () => void;
  picked?: PickedPrice | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const [side, setSide] = useState<SpotSide>('buy');
  const [kind, setKind] = useState<SpotOrderKind>('market');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  /** what the amount box counts: the base, or (a market buy only) the quote to spend */
  const [by, setBy] = useState<'base' | 'quote'>('base');

  usePickedPrice(picked, (p) => {
    if (byQuote) setAmount('');
    setKind('limit');
    setPrice(p);
  });

  const q = pair.quote;
  const s = pair.settings;
  const base = s?.base ?? q?.base ?? pair.symbol.split('/')[0];
  const quoteName = s?.quote ?? q?.quote ?? pair.symbol.split('/')[1];
  const feeRate = s?.spot_fee_rate ?? '0';
  // The form's estimates (a crossing limit's fill, the most a balance buys) follow the price once a
  // second: a form re-rendered with every snapshot was most of the spot screen's main-thread time.
  const live = useTickerEvery(pair.symbol, LIVE_ESTIMATE_MS)?.last ?? q?.last ?? null;
  // a limit that crosses the market fills at once at the market price: preview and confirm say so
  const fill = expectedFill(kind, side, price, live);
  const byQuote = kind === 'market' && side === 'buy' && by === 'quote';
  // The sheet's estimate walks the book's top levels: watched only while the sheet is open.
  const book = useBook(confirming && kind === 'market' ? pair.symbol : null, undefined, BOOK_LEVELS, 0);
  const est =
    book && kind === 'market' && amount && gt(amount, '0')
      ? estimateFill(
          side === 'buy' ? book.asks : book.bids,
          byQuote ? { quote: amount, feeRate } : { qty: amount },
          pair.qtyDecimals,
        )
      : null;
  const usePrice = kind === 'market' && est ? est.price : fill.price;

  const quoteBal = useBalance(s?.legal_id ?? q?.legal_id, ACCOUNT_TYPES.change);
  const baseBal = useBalance(s?.currency_id ?? q?.currency_id, ACCOUNT_TYPES.change);
  const spend = side === 'buy' ? (quoteBal.balance?.available ?? null) : (baseBal.balance?.available ?? null);
  const spendUnit = side === 'buy' ? quoteName : base;
  const maxAmount = byQuote ? spend : side === 'buy' ? maxSpotBuy(spend, usePrice, feeRate, pair.qtyDecimals) : spend;

  // by quote the amount is what is spent; the base it buys is estimated (live price, then the book)
  const baseAmount = byQuote ? (est?.qty ?? baseForQuote(amount, live, feeRate, pair.qtyDecimals)) : amount;
  const preview = byQuote ? null : spotPreview(side, usePrice, amount, feeRate);
  const needed = byQuote ? amount || null : preview ? (side === 'buy' ? preview.quoteIn : amount) : null;
  const amountError = (() => {
    if (!touched) return null;
    if (!amount || !gt(amount, '0')) return t('trade.err.amount');
    if (s && !byQuote && gt(s.spot_min_amount, amount))
      return t('trade.err.minAmount', { min: s.spot_min_amount, unit: base });
    if (token && needed && spend !== null && gt(needed, spend)) return t('common.insufficientBalance');
    return null;
  })();
  const priceError = touched && kind === 'limit' && (!price || !gt(price, '0')) ? t('trade.err.price') : null;

  const submit = () => {
    if (!token) {
      navigate(PATHS.login);
      return;
    }
    setTouched(true);
    const bad = !amount || !gt(amount, '0') || (kind === 'limit' && (!price || !gt(price, '0')));
    if (bad || (needed && spend !== null && gt(needed, spend))) return;
    if (s && !byQuote && gt(s.spot_min_amount, amount)) return;
    setConfirming(true);
  };

  const place = async () => {
    const cur = s ?? q;
    if (!cur) return;
    setPending(true);
    try {
      const o = await spotTrade({
        ...(byQuote ? { quote_amount: amount } : { amount }),
        target_price: kind === 'limit' ? price : undefined,
        currency_id: cur.currency_id,
        legal_id: cur.legal_id,
        type: side,
      });
      if (o.status !== 'filled') toastSuccess(t('trade.spot.placed'));
      else if (claimNotice('spot_filled', o.id))
        toastSuccess(
          t('trade.notice.spot_filled', {
            side: t(`trade.${o.side}`),
            amount: o.amount,
            base,
            price: o.fill_price ?? '',
          }),
        );
      setConfirming(false);
      setAmount('');
      setTouched(false);
      quoteBal.reload();
      baseBal.reload();
      onPlaced();
    } catch (e) {
      // the client already showed the server's message; keep the input for another try
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setPending(false);
    }
  };

  const sideLabel = side === 'buy' ? t('trade.spot.buy', { base }) : t('trade.spot.sell', { base });
  const dash = '--';
  // The sheet shows exact figures (what will move), prices at the pair's precision.
  const numOr = (v: string | null | undefined, unit: string, decimals?: number) =>
    v ? (
      <>
        {decimals !== undefined ? <Num value={v} format="price" decimals={decimals} tint={false} /> : v} {unit}
      </>
    ) : (
      dash
    );

  return (
    <form
      className={styles.form}
      aria-label={t('trade.spot.form')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <div className={styles.sideSwitch} role="radiogroup" aria-label={t('trade.side')}>
        {(['buy', 'sell'] as const).map((sd) => (
          <button
            key={sd}
            type="button"
            role="radio"
            aria-checked={side === sd}
            data-testid={`side-${sd}`}
            className={`${styles.sideBtn} ${side === sd ? (sd === 'buy' ? styles.sideBuy : styles.sideSell) : ''}`}
            onClick={() => {
              setSide(sd);
              setAmount('');
              setTouched(false);
            }}
          >
            {sd === 'buy' ? t('trade.buy') : t('trade.sell')}
          </button>
        ))}
      </div>

      <OrderPriceFields
        kind={kind}
        onKind={(k) => {
          setKind(k);
          if (byQuote) setAmount(''); // a quote amount means nothing to a limit order
          // the price as it is now, not as the estimates last sampled it
          const now = marketStore.tickers[pair.symbol]?.last ?? live;
          if (k === 'limit' && !price && now) setPrice(now);
        }}
        price={price}
        onPrice={setPrice}
        decimals={pair.priceDecimals}
        unit={quoteName}
        error={priceError}
      />

      <AmountField
        label={byQuote ? t('trade.total') : t('trade.amount')}
        value={amount}
        onChange={setAmount}
        decimals={byQuote ? QUOTE_DECIMALS : pair.qtyDecimals}
        unit={
          kind === 'market' && side === 'buy' ? (
            <button
              type="button"
              className={styles.unitSwitch}
              data-testid="amount-unit"
              // The name starts with what is shown (axe label-content-name-mismatch), then says what a tap does.
              aria-label={`${byQuote ? quoteName : base} ⇅, ${t('trade.amountIn', { unit: byQuote ? base : quoteName })}`}
              onClick={() => {
                setBy(byQuote ? 'base' : 'quote');
                setAmount('');
                setTouched(false);
              }}
            >
              {byQuote ? quoteName : base} ⇅
            </button>
          ) : (
            base
          )
        }
        maxAmount={token ? maxAmount : undefined}
        available={token ? spend : undefined}
        availableUnit={spendUnit}
        error={amountError}
        onBlur={() => amount && setTouched(true)}
        data-testid="amount-input"
      />

      <div className={styles.summary}>
        <div>
          <span>{byQuote ? t('trade.estAmount') : kind === 'market' ? t('trade.estTotal') : t('trade.total')}</span>
          <span data-testid="order-total">{byQuote ? numOr(baseAmount, base) : numOr(preview?.total, quoteName)}</span>
        </div>
        <div>
          <span>{t('trade.fee')}</span>
          <span>
            {preview
              ? numOr(preview.fee, quoteName)
              : feeRate === '0'
                ? t('trade.zeroFee')
                : byQuote
                  ? t('trade.feeIncluded')
                  : dash}
          </span>
        </div>
      </div>

      <Button
        block
        type="submit"
        className={side === 'buy' ? styles.buyBtn : styles.sellBtn}
        disabled={pending || (!!token && !s && !q)}
        data-testid="spot-submit"
      >
        {token ? sideLabel : t('trade.loginToTrade')}
      </Button>

      <ConfirmSheet
        visible={confirming}
        title={sideLabel}
        pending={pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void place()}
        confirmText={t('common.confirm')}
        confirmColor={side === 'buy' ? 'success' : 'danger'}
        rows={[
          { label: t('trade.pair'), value: pair.symbol },
          { label: t('trade.orderType'), value: t(`trade.${kind}`) },
          {
            label: kind === 'market' || fill.crosses ? t('trade.estPrice') : t('trade.price'),
            value: numOr(usePrice, quoteName, pair.priceDecimals),
          },
          ...(est
            ? [
                {
                  label: t('trade.slippage'),
                  value: (
                    <span data-testid="est-slippage">
                      {est.complete ? `${est.slippagePct}%` : `> ${est.slippagePct}%`}
                    </span>
                  ),
                },
              ]
            : []),
          { label: t('trade.amount'), value: numOr(baseAmount, base) },
          { label: t('trade.fee'), value: byQuote ? t('trade.feeIncluded') : numOr(preview?.fee, quoteName) },
          side === 'buy'
            ? { label: t('trade.youPay'), value: numOr(byQuote ? amount : preview?.quoteIn, quoteName) }
            : { label: t('trade.youReceive'), value: numOr(preview?.quoteOut, quoteName), strong: true },
          side === 'buy'
            ? { label: t('trade.youReceive'), value: numOr(baseAmount, base), strong: true }
            : { label: t('trade.youPay'), value: numOr(amount, base) },
          { label: t('trade.balanceAfter'), value: numOr(minus(spend, needed), spendUnit) },
        ]}
        note={
          kind === 'market' ? t('trade.marketNote') : fill.crosses ? t('trade.limitCrossNote') : t('trade.limitNote')
        }
      />
    </form>
  );
}
