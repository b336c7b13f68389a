import { useEffect } from 'react';

/** A price tapped in the order book; a new object each tap, so tapping the same price again applies it again. */
export interface PickedPrice {
  price: string;
}

/** Calls `apply` with each newly tapped price (the forms make the order a limit at it, as Binance's book does). */
export function usePickedPrice(picked: PickedPrice | null | undefined, apply: (price: string) => void): void {
  useEffect(() => {
    if (picked) apply(picked.price);
    // only a new tap applies: `apply` is a fresh closure each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);
}
