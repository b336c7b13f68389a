/**
 * Per-pair trade settings: seeded once from the instrument catalogue into trade_pair_settings
 * (operators may edit the rows; existing rows are never overwritten), read into memory at start.
 * The spot fee rate is pairs.fee_rate (BTC/USDT 0: spot BTC is advertised zero-fee). The
 * limit-price bands (migration 008) keep their column defaults unless an operator edits them.
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { MarketClass, PairTradeSettings } from '../../../../core';
import { pairs, QUOTE_ID } from '../../../catalog/instruments';
import type { Database } from '../../../db/schema';
import { isMarketOpen, STOCK_HOURS_TEXT } from '../../../../core';

/** Pairs whose contracts allow up to 125× (shown under "super leverage"). */
const SUPER_LEVERAGE = new Set(['BTC', 'ETH', 'BNB', 'SOL']);
const MULTIPLES = { super: [5, 10, 20, 50, 100, 125], crypto: [5, 10, 20, 50], stock: [1, 2, 5, 10] };

/** 10^ceil(log10(target / price)): the power of ten whose value at `price` is ≥ target (and < 10 × target). */
function powerOfTenFor(target: string, price: string): Decimal {
  const ratio = new Decimal(target).div(price);
  return new Decimal(10).pow(Math.ceil(Decimal.log10(ratio).toNumber() - 1e-12));
}

export interface PairSettings {
  symbol: string;
  base: string;
  currencyId: number;
  legalId: number;
  market: MarketClass;
  priceDecimals: number;
  qtyDecimals: number;
  spotFeeRate: string;
  spotMinAmount: string;
  lotSize: string;
  lotsDecimals: number;
  minLots: string;
  maxLots: string;
  multiples: number[];
  leverFeeRate: string;
  overnightRate: string;
  /** limit-price band: spot [low × current, high × current]; contracts current × (1 ± leverBand) */
  spotBandLow: string;
  spotBandHigh: string;
  leverBand: string;
  /** market-order protection: the most a market order may move the price from the touch, a fraction */
  marketProtection: string;
}

export async function seedTradeSettings(db: Kysely<Database>): Promise<void> {
  const rows = pairs().map(({ symbol, base }) => {
    const stock = base.market === 'stock';
    const minQty = new Decimal(10).pow(-base.qty_decimals);
    // about 5–50 USDT minimum spot order, never finer than the pair's quantity step
    const spotMin = Decimal.max(minQty, powerOfTenFor('5', base.price));
    // one lot is worth about 10–100 USDT for crypto; one share for stocks
    const lot = stock ? new Decimal(1) : powerOfTenFor('10', base.price);
    const multiples = stock ? MULTIPLES.stock : SUPER_LEVERAGE.has(base.name) ? MULTIPLES.super : MULTIPLES.crypto;
    return {
      symbol,
      spot_min_amount: spotMin.toFixed(),
      lot_size: lot.toFixed(),
      lots_decimals: 0,
      min_lots: '1',
      max_lots: stock ? '500' : '1000',
      multiples: JSON.stringify(multiples),
      lever_fee_rate: stock ? '0.001' : '0.0005',
      overnight_rate: stock ? '0.0002' : '0.0005',
    };
  });
  await db
    .insertInto('trade_pair_settings')
    .values(rows)
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute();
}

export async function loadPairSettings(db: Kysely<Database>): Promise<Map<string, PairSettings>> {
  const rows = await db
    .selectFrom('trade_pair_settings as t')
    .innerJoin('pairs as p', 'p.symbol', 't.symbol')
    .innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .select([
      't.symbol',
      'c.name as base',
      'p.currency_id',
      'p.legal_id',
      'p.market',
      'p.price_decimals',
      'p.qty_decimals',
      'p.fee_rate',
      'p.status',
      't.spot_min_amount',
      't.lot_size',
      't.lots_decimals',
      't.min_lots',
      't.max_lots',
      't.multiples',
      't.lever_fee_rate',
      't.overnight_rate',
      't.spot_band_low',
      't.spot_band_high',
      't.lever_band',
      't.market_protection',
    ])
    .where('p.status', '=', 1)
    .execute();
  const c = (v: string) => new Decimal(v).toFixed();
  return new Map(
    rows.map((r) => [
      r.symbol,
      {
        symbol: r.symbol,
        base: r.base,
        currencyId: r.currency_id,
        legalId: r.legal_id,
        market: r.market,
        priceDecimals: r.price_decimals,
        qtyDecimals: r.qty_decimals,
        spotFeeRate: c(r.fee_rate),
        spotMinAmount: c(r.spot_min_amount),
        lotSize: c(r.lot_size),
        lotsDecimals: r.lots_decimals,
        minLots: c(r.min_lots),
        maxLots: c(r.max_lots),
        multiples: (JSON.parse(r.multiples) as number[]).slice().sort((a, b) => a - b),
        leverFeeRate: c(r.lever_fee_rate),
        overnightRate: c(r.overnight_rate),
        spotBandLow: c(r.spot_band_low),
        spotBandHigh: c(r.spot_band_high),
        leverBand: c(r.lever_band),
        marketProtection: c(r.market_protection),
      },
    ]),
  );
}

export function publicSettings(s: PairSettings, nowMs: number): PairTradeSettings {
  return {
    symbol: s.symbol,
    currency_id: s.currencyId,
    legal_id: s.legalId,
    base: s.base,
    quote: 'USDT',
    market: s.market,
    price_decimals: s.priceDecimals,
    qty_decimals: s.qtyDecimals,
    spot_fee_rate: s.spotFeeRate,
    spot_min_amount: s.spotMinAmount,
    lot_size: s.lotSize,
    lots_decimals: s.lotsDecimals,
    min_lots: s.minLots,
    max_lots: s.maxLots,
    multiples: s.multiples,
    super_leverage: (s.multiples.at(-1) ?? 0) >= 100,
    lever_fee_rate: s.leverFeeRate,
    overnight_rate: s.overnightRate,
    trading_open: isMarketOpen(s.market, nowMs),
    trading_hours: s.market === 'stock' ? STOCK_HOURS_TEXT : null,
  };
}

export const LEVER_QUOTE_ID = QUOTE_ID;
