import { useState } from 'react';
import { OTC_RULES, parseOtcAmount, type OtcQuote } from '../../../core';
import { useNow } from '../../components/product/useNow';
import { executeQuote, getQuote, type OtcConfig } from '../../api/otc';

/**
 * Quick buy's state: what to trade, the quote held for it and the seconds it has left. Changing
 * anything drops the quote (it was for the old terms).
 */
export function useQuickBuy(cfg: OtcConfig, onOrder: (id: number) => void) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [coin, setCoin] = useState(cfg.coins.find((c) => c.name === 'USDT')?.id ?? cfg.coins[0]?.id ?? 0);
  const [fiat, setFiat] = useState(cfg.fiats[0]?.currency_code ?? 'USD');
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<OtcQuote | null>(null);
  const [pending, setPending] = useState(false);
  /** when the quote arrived (this device's clock): the countdown never starts above the quote's hold */
  const [quotedAt, setQuotedAt] = useState(0);
  const now = useNow(!!quote, 250);
  const left = quote
    ? Math.max(
        0,
        Math.ceil((Math.min(quote.expires_at, quotedAt + OTC_RULES.quoteTtlMs) - Math.max(now, quotedAt)) / 1000),
      )
    : 0;
  const valid = parseOtcAmount(amount, OTC_RULES.fiatDecimals);
  const ask = async () => {
    if (!valid) return;
    setPending(true);
    try {
      const q = await getQuote(side, coin, fiat, valid);
      setQuotedAt(Date.now());
      setQuote(q);
    } catch {
      setQuote(null);
    } finally {
      setPending(false);
    }
  };
  const take = async () => {
    if (!quote) return;
    setPending(true);
    try {
      const o = await executeQuote(quote.id);
      setQuote(null);
      onOrder(o.id);
    } catch {
      setQuote(null);
    } finally {
      setPending(false);
    }
  };
  const reset = () => setQuote(null);
  /** a setter that also drops the quote */
  const resetting =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      reset();
    };
  return {
    side,
    /** an empty pick keeps the side, but still drops the quote */
    pickSide: (v: 'buy' | 'sell' | undefined) => {
      if (v) setSide(v);
      reset();
    },
    coin,
    setCoin: resetting(setCoin),
    fiat,
    setFiat: resetting(setFiat),
    amount,
    setAmount: resetting(setAmount),
    quote,
    left,
    valid,
    pending,
    ask,
    take,
  };
}
