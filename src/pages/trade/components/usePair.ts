import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { PairTradeSettings } from '../../../../core';
import { allPairSettings } from '../../../api/trade';
import type { Quote } from '../../../api/market';
import { readJson, writeJson } from '../../../lib/storage';
import { loadPairs, pairs } from '../../../market/pairs';

const KEY = 'trade.pair';
const DEFAULT_SYMBOL = 'BTC/USDT';

/** The pair a trading page shows: `?symbol=` when given, else the last one traded, else BTC/USDT. */
export function usePairSymbol(): string {
  const [params] = useSearchParams();
  const fromUrl = params.get('symbol');
  const symbol = fromUrl || readJson<{ symbol: string }>(KEY)?.symbol || DEFAULT_SYMBOL;
  useEffect(() => {
    writeJson(KEY, { symbol });
  }, [symbol]);
  return symbol;
}

export interface PairState {
  symbol: string;
  /** listing data (decimals, ids) from /currency/quotation_new; undefined until loaded */
  quote: Quote | undefined;
  /** trade settings (fee rates, lots, multiples); null until loaded or when unavailable */
  settings: PairTradeSettings | null;
  settingsError: boolean;
  reloadSettings: () => void;
  priceDecimals: number;
  qtyDecimals: number;
}

const settingsCache = new Map<string, PairTradeSettings>();
let loading: Promise<void> | null = null;

/** All pairs' settings arrive in one call, shared by every page that asks meanwhile. */
function pairSettings(symbol: string): Promise<PairTradeSettings> {
  loading ??= allPairSettings()
    .then((list) => {
      for (const s of list) settingsCache.set(s.symbol, s);
    })
    .finally(() => {
      loading = null;
    });
  return loading.then(() => {
    const s = settingsCache.get(symbol);
    if (!s) throw new Error(`no trade settings for ${symbol}`);
    return s;
  });
}

/** Pair listing and trade settings for one symbol; settings are fetched once per symbol per session. */
export function usePair(symbol: string): PairState {
  const { bySymbol } = useSnapshot(pairs);
  const [settings, setSettings] = useState<PairTradeSettings | null>(() => settingsCache.get(symbol) ?? null);
  const [settingsError, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void loadPairs();
  }, []);

  useEffect(() => {
    let live = true;
    const cached = settingsCache.get(symbol);
    setSettings(cached ?? null);
    setError(false);
    if (cached) return;
    pairSettings(symbol)
      .then((s) => {
        settingsCache.set(symbol, s);
        if (live) setSettings(s);
      })
      .catch(() => {
        if (live) setError(true);
      });
    return () => {
      live = false;
    };
  }, [symbol, attempt]);

  const quote = bySymbol[symbol] as Quote | undefined;
  return useMemo(
    () => ({
      symbol,
      quote,
      settings,
      settingsError,
      reloadSettings: () => setAttempt((n) => n + 1),
      priceDecimals: settings?.price_decimals ?? quote?.price_decimals ?? 2,
      qtyDecimals: settings?.qty_decimals ?? quote?.qty_decimals ?? 4,
    }),
    [symbol, quote, settings, settingsError],
  );
}

/** The settings cache also fills from /lever/deal, which carries them. */
export function rememberSettings(s: PairTradeSettings): void {
  settingsCache.set(s.symbol, s);
}
