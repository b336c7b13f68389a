import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES } from '../../../../core';
import { spotTrade } from '../../../api/trade';
import { ApiError } from '../../../api/client';
import { useBook } from '../../../market/book';
import { estimateFill } from '../components/estimate';
import { gt } from '../components/preview';
import type { PickedPrice } from '../components/picked';
import { useBalance } from '../components/useBalance';
import type { PairState } from '../components/usePair';
import { useOrderForm } from '../scaffold/useOrderForm';
import { lastPrice } from '../scaffold/useLiveFigures';
import { announcePlaced, spotChecks } from './checks';
import { spotFigures } from './figures';
import { useSpotInput } from './useSpotInput';

/** Book levels the confirmation's estimate walks. */
const BOOK_LEVELS = 50;

export type SpotOrder = ReturnType<typeof useSpotOrder>;

/**
 * The spot form's state and figures. It renders for the user's input only: the live price is read
 * at each render, and the form renders again when touched (a tap or a key on it), so the 25–100 %
 * shortcuts and the checks use the price as it is then; the summary follows the market by itself.
 */
export function useSpotOrder(pair: PairState, onPlaced: () => void, picked?: PickedPrice | null) {
  const { t } = useTranslation();
  const form = useOrderForm();
  const input = useSpotInput(picked, () => form.setTouched(false));
  const [, touch] = useReducer((n: number) => n + 1, 0);
  const { side, kind, amount, byQuote } = input;
  const q = pair.quote;
  const s = pair.settings;
  const names = {
    base: s?.base ?? q?.base ?? pair.symbol.split('/')[0],
    quote: s?.quote ?? q?.quote ?? pair.symbol.split('/')[1],
  };
  const feeRate = s?.spot_fee_rate ?? '0';
  const live = lastPrice(pair.symbol) ?? q?.last ?? null;
  // The sheet's estimate walks the book's top levels: watched only while the sheet is open.
  const book = useBook(form.confirming && kind === 'market' ? pair.symbol : null, undefined, BOOK_LEVELS, 0);
  const est =
    book && kind === 'market' && amount && gt(amount, '0')
      ? estimateFill(
          side === 'buy' ? book.asks : book.bids,
          byQuote ? { quote: amount, feeRate } : { qty: amount },
          pair.qtyDecimals,
        )
      : null;
  const quoteBal = useBalance(s?.legal_id ?? q?.legal_id, ACCOUNT_TYPES.change);
  const baseBal = useBalance(s?.currency_id ?? q?.currency_id, ACCOUNT_TYPES.change);
  const spend = (side === 'buy' ? quoteBal : baseBal).balance?.available ?? null;
  const at = (price: string | null) =>
    spotFigures(input, price, est, { feeRate, qtyDecimals: pair.qtyDecimals, spend });
  const f = at(live);
  const loggedIn = !!form.token;
  const checks = spotChecks(t, { ...input, touched: form.touched, loggedIn }, pair, f.needed, spend, names.base);

  const submit = () => {
    if (!form.signedIn()) return;
    form.setTouched(true);
    if (!checks.refused()) form.setConfirming(true);
  };

  const place = () =>
    form.send(
      async () => {
        const cur = s ?? q;
        if (!cur) return;
        const o = await spotTrade({
          ...(byQuote ? { quote_amount: amount } : { amount }),
          target_price: kind === 'limit' ? input.price : undefined,
          currency_id: cur.currency_id,
          legal_id: cur.legal_id,
          type: side,
        });
        announcePlaced(t, o, names.base);
        form.setConfirming(false);
        input.setAmount('');
        form.setTouched(false);
        quoteBal.reload();
        baseBal.reload();
        onPlaced();
      },
      (e) => !(e instanceof ApiError),
    );

  return { form, input, names, feeRate, live, est, spend, at, ...f, checks, touch, submit, place };
}
