import { useState } from 'react';
import type { SpotOrderKind, SpotSide } from '../../../../core';
import { usePickedPrice, type PickedPrice } from '../components/picked';
import type { SpotInput } from './figures';

export interface SpotInputState extends SpotInput {
  setPrice: (v: string) => void;
  setAmount: (v: string) => void;
  /** a new side starts with an empty amount */
  chooseSide: (side: SpotSide) => void;
  /** a limit starts at `now` when no price was typed; a quote amount means nothing to a limit order */
  chooseKind: (kind: SpotOrderKind, now: string | null) => void;
  /** base ⇄ quote for a market buy's amount, which starts empty */
  flipUnit: () => void;
}

/** The spot form's fields and what choosing a side, type or unit does to the others. */
export function useSpotInput(picked: PickedPrice | null | undefined, onReset: () => void): SpotInputState {
  const [side, setSide] = useState<SpotSide>('buy');
  const [kind, setKind] = useState<SpotOrderKind>('market');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  /** what the amount box counts: the base, or (a market buy only) the quote to spend */
  const [by, setBy] = useState<'base' | 'quote'>('base');
  const byQuote = kind === 'market' && side === 'buy' && by === 'quote';

  // a price tapped in the book makes the order a limit at it
  usePickedPrice(picked, (p) => {
    if (byQuote) setAmount('');
    setKind('limit');
    setPrice(p);
  });

  return {
    side,
    kind,
    price,
    amount,
    byQuote,
    setPrice,
    setAmount,
    chooseSide: (sd) => {
      setSide(sd);
      setAmount('');
      onReset();
    },
    chooseKind: (k, now) => {
      setKind(k);
      if (byQuote) setAmount('');
      if (k === 'limit' && !price && now) setPrice(now);
    },
    flipUnit: () => {
      setBy(byQuote ? 'base' : 'quote');
      setAmount('');
      onReset();
    },
  };
}
