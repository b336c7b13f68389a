/**
 * The signed-in user's favourite pairs, mirrored from /optional/list. Toggles are optimistic (the
 * star fills at once) and roll back if the server refuses. A token change (login, logout, 999)
 * drops the list and any late answer that belonged to the previous user.
 */
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { session } from '../../stores/session';
import { optionalAdd, optionalDel, optionalList } from '../../api/optional';

export interface FavouritesState {
  /** symbols in the order they were added */
  symbols: string[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** symbols with a toggle in flight */
  pending: Record<string, true>;
}

export const favourites = proxy<FavouritesState>({ symbols: [], status: 'idle', pending: {} });

let generation = 0;
let loading: Promise<void> | null = null;

subscribeKey(session, 'token', () => {
  generation += 1;
  loading = null;
  favourites.symbols = [];
  favourites.pending = {};
  favourites.status = 'idle';
});

export function loadFavourites(force = false): Promise<void> {
  if (!session.token) return Promise.resolve();
  if (loading && !force) return loading;
  if (favourites.status === 'ready' && !force) return Promise.resolve();
  const gen = generation;
  favourites.status = 'loading';
  const p = optionalList({ quiet: true })
    .then((list) => {
      if (gen !== generation) return;
      favourites.symbols = list.map((f) => f.symbol);
      favourites.status = 'ready';
    })
    .catch(() => {
      if (gen === generation) favourites.status = 'error';
    })
    .finally(() => {
      if (loading === p) loading = null;
    });
  loading = p;
  return p;
}

export interface PairIds {
  symbol: string;
  currency_id: number;
  legal_id: number;
}

/**
 * Flips one pair. Resolves to the new state (true = now a favourite), or null when nothing
 * changed (not signed in, a toggle already in flight, or the server refused — the client has
 * toasted the reason then).
 */
export async function toggleFavourite(p: PairIds): Promise<boolean | null> {
  if (!session.token || favourites.pending[p.symbol]) return null;
  const gen = generation;
  const was = favourites.symbols.includes(p.symbol);
  const before = favourites.symbols.slice();
  favourites.pending[p.symbol] = true;
  favourites.symbols = was ? before.filter((s) => s !== p.symbol) : [...before, p.symbol];
  const ids =
    p.currency_id > 0 ? { currency_id: p.currency_id, legal_id: p.legal_id || undefined } : { symbol: p.symbol };
  try {
    if (was) await optionalDel(ids);
    else await optionalAdd(ids);
    return !was;
  } catch {
    if (gen === generation) favourites.symbols = before;
    return null;
  } finally {
    if (gen === generation) delete favourites.pending[p.symbol];
  }
}
