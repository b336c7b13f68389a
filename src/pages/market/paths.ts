import { pathOf } from '../../app/routes';

/** The trading pair view (route market/detail) and the Trade tab, each for one symbol. */
export const detailPath = (symbol: string): string => `${pathOf('market/detail')}?symbol=${encodeURIComponent(symbol)}`;
export const tradePath = (symbol: string, side?: 'buy' | 'sell'): string =>
  `${pathOf('transaction/index')}?symbol=${encodeURIComponent(symbol)}${side ? `&side=${side}` : ''}`;
