import { useState } from 'react';
import { OTC_RULES, orderAmounts, parseOtcAmount, type OtcAd } from '../../../core';
import { openOrder } from '../../api/otc';

/** The amount being taken from an ad, in fiat or in coin, what it comes to by core's formula, and opening the order. */
export function useTakeOrder(ad: OtcAd | null, onOpened: (orderId: number) => void) {
  const [unit, setUnit] = useState<'fiat' | 'coin'>('fiat');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const decimals = unit === 'fiat' ? OTC_RULES.fiatDecimals : OTC_RULES.coinDecimals;
  const valid = ad?.price ? parseOtcAmount(amount, decimals) : null;
  const preview = ad?.price && valid ? orderAmounts(ad.price, unit, valid) : null;
  /** another unit clears the amount (it was in the old one) */
  const pickUnit = (v: 'fiat' | 'coin' | undefined) => {
    if (v) {
      setUnit(v);
      setAmount('');
    }
  };
  const submit = async () => {
    if (!ad || !valid) return;
    setPending(true);
    try {
      const o = await openOrder(ad.id, valid, unit);
      setAmount('');
      onOpened(o.id);
    } catch {
      /* the client toasted the server's words */
    } finally {
      setPending(false);
    }
  };
  return { unit, pickUnit, amount, setAmount, decimals, preview, pending, submit };
}
