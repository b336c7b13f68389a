import { get, post, type CallOptions } from './client';

/** Spec §7 favourites: /optional/list, /optional/add, /optional/del (login required). */

export interface Favourite {
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  /** ms epoch */
  created_at: number;
}

/** How a favourite is named: by pair ids (spec §3 "currency_id"), or by symbol. */
export type PairName = { currency_id: number; legal_id?: number } | { symbol: string };

function toFavourite(raw: unknown): Favourite | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = Number(r.id);
  const currency = Number(r.currency_id);
  const legal = Number(r.legal_id);
  if (!Number.isInteger(id) || !Number.isInteger(currency) || typeof r.symbol !== 'string') return null;
  return {
    id,
    currency_id: currency,
    legal_id: Number.isInteger(legal) ? legal : 0,
    symbol: r.symbol,
    created_at: Number(r.created_at) || 0,
  };
}

export async function optionalList(opts: CallOptions = {}): Promise<Favourite[]> {
  const m = await get<unknown>('/optional/list', undefined, opts);
  return Array.isArray(m) ? m.map(toFavourite).filter((f): f is Favourite => f !== null) : [];
}

export async function optionalAdd(pair: PairName, opts: CallOptions = {}): Promise<Favourite | null> {
  return toFavourite(await post<unknown>('/optional/add', { ...pair }, opts));
}

/** Removes by row id or by pair; answers whether a row was removed. */
export async function optionalDel(target: { id: number } | PairName, opts: CallOptions = {}): Promise<boolean> {
  const m = await post<{ removed?: unknown }>('/optional/del', { ...target }, opts);
  return m?.removed === true;
}
