import { useEffect, useState } from 'react';
import type { LeverEntry, LeverSide, PairTradeSettings } from '../../../../core';
import { usePickedPrice, type PickedPrice } from '../components/picked';

/** The futures form's fields; the multiple starts at 10× (or the pair's first) and stays one the pair allows. */
export function useLeverInput(s: PairTradeSettings | null, picked: PickedPrice | null | undefined) {
  const [side, setSide] = useState<LeverSide>('long');
  const [entry, setEntry] = useState<LeverEntry>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [multiple, setMultiple] = useState<number | null>(null);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [withTpSl, setWithTpSl] = useState(false);
  // a price tapped in the book makes the entry a limit at it
  usePickedPrice(picked, (p) => {
    setEntry('limit');
    setPrice(p);
  });
  useEffect(() => {
    if (s && (multiple === null || !s.multiples.includes(multiple)))
      setMultiple(s.multiples.includes(10) ? 10 : (s.multiples[0] ?? null));
  }, [s, multiple]);
  return {
    side,
    setSide,
    entry,
    price,
    setPrice,
    lots,
    setLots,
    multiple,
    setMultiple,
    tp,
    setTp,
    sl,
    setSl,
    withTpSl,
    /** a limit starts at `now` when no price was typed */
    chooseEntry: (k: LeverEntry, now: string | null) => {
      setEntry(k);
      if (k === 'limit' && !price && now) setPrice(now);
    },
    /** TP/SL off clears them */
    toggleTpSl: (on: boolean) => {
      setWithTpSl(on);
      if (!on) {
        setTp('');
        setSl('');
      }
    },
    /** after an order: lots and TP/SL start again */
    clear: () => {
      setLots('');
      setTp('');
      setSl('');
      setWithTpSl(false);
    },
  };
}
