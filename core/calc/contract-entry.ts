/**
 * A contract market entry's price from the venue levels it walked: the VWAP
 * Σ price × qty ÷ Σ qty, rounded to the pair's price decimals against the trader (a long up, a
 * short down), and the protection price no level may pass. The engine prices an entry with these
 * and `npm run verify` and the proof panel recompute it with them.
 */
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export interface WalkedLevel {
  price: DecimalInput;
  qty: DecimalInput;
}

export interface EntryVwap {
  filled: string;
  total: string;
  /** total ÷ filled, unrounded (60 digits) */
  vwap: string;
  /** the open price: vwap rounded to `dp` decimals against the trader */
  price: string;
}

export function contractEntryVwap(
  side: 'long' | 'short',
  levels: readonly WalkedLevel[],
  dp: number,
): EntryVwap | null {
  let filled = dec('0');
  let total = dec('0');
  for (const l of levels) {
    const q = dec(l.qty, 'qty');
    filled = filled.plus(q);
    total = total.plus(dec(l.price, 'price').times(q));
  }
  if (filled.isZero()) return null;
  const vwap = total.div(filled);
  const price = vwap.toDecimalPlaces(dp, side === 'long' ? ExactDecimal.ROUND_UP : ExactDecimal.ROUND_DOWN);
  return { filled: str(filled), total: str(total), vwap: str(vwap), price: str(price) };
}

/** The worst price a market order may take: `fraction` beyond the touch, against the taker. */
export function protectionCap(
  side: 'buy' | 'sell' | 'long' | 'short',
  touch: DecimalInput,
  fraction: DecimalInput,
): string {
  const t = dec(touch, 'touch');
  const f = dec(fraction, 'protection');
  return str(side === 'buy' || side === 'long' ? t.times(dec('1').plus(f)) : t.times(dec('1').minus(f)));
}
