import { useCallback, useState } from 'react';
import { useUserEvents } from '../../../market';
import type { UserEvent } from '../../../market/types';
import type { PickedPrice } from '../components/picked';
import { usePair, usePairSymbol, type PairState } from '../components/usePair';

export interface TradePair {
  symbol: string;
  pair: PairState;
  /** the last price tapped in the book, for the form */
  picked: PickedPrice | null;
  pick: (price: string) => void;
}

/** The pair a trade screen shows (`?symbol=`, else the last one traded) and the price last tapped in its book. */
export function useTradePair(): TradePair {
  const symbol = usePairSymbol();
  const pair = usePair(symbol);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const pick = useCallback((price: string) => setPicked({ price }), []);
  return { symbol, pair, picked, pick };
}

/**
 * The version a screen's list reloads on: bumped by the screen (an order placed) and by the user's
 * own events that `touches` picks out (a fill, a close or a cancel, from any device).
 */
export function useListVersion(touches: (e: UserEvent) => boolean): { version: number; bump: () => void } {
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  useUserEvents((e) => {
    if (touches(e)) bump();
  });
  return { version, bump };
}
