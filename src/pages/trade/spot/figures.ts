/**
 * What the spot form shows and checks for its input at a price: the expected fill, the preview
 * (total, fee), the base a quote amount buys, what the order needs from the balance and what 100 %
 * is. One pure function, so a render and the live writer (useLiveFigures) say the same.
 */
import { figureText, type NumberMarks, type SpotOrderKind, type SpotSide } from '../../../../core';
import type { FillEstimate } from '../components/estimate';
import { baseForQuote, expectedFill, maxSpotBuy, spotPreview } from '../components/preview';

export interface SpotInput {
  side: SpotSide;
  kind: SpotOrderKind;
  price: string;
  amount: string;
  /** a market buy by the quote to spend */
  byQuote: boolean;
}

export interface SpotFigures {
  fill: { price: string | null; crosses: boolean };
  /** the book's estimate when there is one, else the expected fill */
  usePrice: string | null;
  preview: ReturnType<typeof spotPreview>;
  /** the base bought or sold (by quote: estimated) */
  baseAmount: string | null;
  /** what the order takes from the balance it spends */
  needed: string | null;
  /** what 100 % of the balance is in the amount box's unit */
  maxAmount: string | null;
}

export function spotFigures(
  o: SpotInput,
  live: string | null,
  est: FillEstimate | null,
  p: { feeRate: string; qtyDecimals: number; spend: string | null },
): SpotFigures {
  // a limit that crosses the market fills at once at the market price: preview and confirm say so
  const fill = expectedFill(o.kind, o.side, o.price, live);
  const usePrice = o.kind === 'market' && est ? est.price : fill.price;
  const buy = o.side === 'buy';
  const maxAmount = o.byQuote || !buy ? p.spend : maxSpotBuy(p.spend, usePrice, p.feeRate, p.qtyDecimals);
  // by quote the amount is what is spent; the base it buys is estimated (live price, then the book)
  const baseAmount = o.byQuote ? (est?.qty ?? baseForQuote(o.amount, live, p.feeRate, p.qtyDecimals)) : o.amount;
  const preview = o.byQuote ? null : spotPreview(o.side, usePrice, o.amount, p.feeRate);
  const needed = o.byQuote ? o.amount || null : preview ? (buy ? preview.quoteIn : o.amount) : null;
  return { fill, usePrice, preview, baseAmount, needed, maxAmount };
}

/** The places a decimal string has: an exact figure is shown with all of them. */
export const decimalPlaces = (v: string) => v.split('.')[1]?.length ?? 0;

/** A figure, exact, in the language's marks, and its unit as one string (one text node, which the live writer rewrites), or a dash. */
export const withUnit = (v: string | null | undefined, unit: string, marks: NumberMarks): string =>
  v ? `${figureText(v, 'price', decimalPlaces(v), marks)} ${unit}` : '--';
