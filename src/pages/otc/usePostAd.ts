import { useState } from 'react';
import type { OtcPayKind } from '../../../core';
import { postAd, type OtcConfig } from '../../api/otc';

export interface AdDraft {
  side: 'sell' | 'buy';
  coin: number;
  fiat: string;
  priceType: 'fixed' | 'floating';
  price: string;
  margin: string;
  total: string;
  min: string;
  max: string;
  kinds: OtcPayKind[];
  /** payment window, minutes */
  win: number;
  terms: string;
}

export type SetAdField = <K extends keyof AdDraft>(key: K, value: AdDraft[K]) => void;

/** The new ad being filled in (USDT and the first fiat to start with) and posting it. */
export function usePostAd(cfg: OtcConfig, onPosted: () => void) {
  const [draft, setDraft] = useState<AdDraft>(() => ({
    side: 'sell',
    coin: cfg.coins.find((c) => c.name === 'USDT')?.id ?? cfg.coins[0]?.id ?? 0,
    fiat: cfg.fiats[0]?.currency_code ?? 'USD',
    priceType: 'fixed',
    price: '',
    margin: '0',
    total: '',
    min: '',
    max: '',
    kinds: ['bank'],
    win: 15,
    terms: '',
  }));
  const [pending, setPending] = useState(false);
  const set: SetAdField = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const coinName = cfg.coins.find((c) => c.id === draft.coin)?.name ?? '';
  const submit = async () => {
    const d = draft;
    setPending(true);
    try {
      await postAd({
        side: d.side,
        coin_id: d.coin,
        fiat: d.fiat,
        price_type: d.priceType,
        ...(d.priceType === 'fixed' ? { fixed_price: d.price } : { margin: d.margin }),
        total: d.total,
        min_fiat: d.min,
        max_fiat: d.max,
        pay_kinds: d.kinds.join(','),
        window_min: d.win,
        terms: d.terms,
      });
      onPosted();
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };
  return { draft, set, coinName, pending, submit };
}
