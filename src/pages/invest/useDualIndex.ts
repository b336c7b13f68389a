import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DualType } from '../../../core';
import { dualIndex } from '../../api/products';
import { useLoad } from '../../components/product/shared';
import { usePageParam } from '../../components/product/usePageParam';

const asType = (v: string | null): DualType => (v === 'put' ? 'put' : 'call');

/**
 * The product list's choice, kept in the address: the type (call unless ?type=put), the coins
 * offered for it (the tabs) and the coin chosen (the first unless ?currency_id= names one), and
 * that coin's products.
 */
export function useDualIndex() {
  const [, setParams] = useSearchParams();
  const type = asType(usePageParam('type'));
  const coinParam = Number(usePageParam('currency_id'));

  // every coin offered for this type, for the tabs
  const all = useLoad(() => dualIndex({ type }), [type]);
  const coins = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of all.data ?? []) if (!seen.has(p.currency_id)) seen.set(p.currency_id, p.currency_name);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [all.data]);
  const coin = coins.some((c) => c.id === coinParam) ? coinParam : coins[0]?.id;
  const list = useLoad(async () => (coin === undefined ? [] : dualIndex({ currency_id: coin, type })), [coin, type]);

  /** another type starts over from its first coin */
  const pickType = (ty: DualType) => setParams({ type: ty }, { replace: true });
  const pickCoin = (id: string) => setParams({ type, currency_id: id }, { replace: true });

  return { type, coins, coin, all, list, pickType, pickCoin };
}
