/**
 * A contract entry's part of the "how this was settled" panel: a market entry's book
 * levels and their average (core proveLeverEntry, which prices with contractEntryVwap like the
 * engine), or a limit entry's limit and opening tick.
 */
import type { TFunction } from 'i18next';
import { ExactDecimal, LEVER_STATUS, leverSideOf, proveLeverEntry, type LeverPosition } from '../../../core';
import type { ProofFact } from './types';

export interface EntryPart {
  rule: string;
  facts: ProofFact[];
  steps: string[];
  /** null: nothing recomputed here (a limit entry: its opening tick is checked by `npm run verify`) */
  ok: boolean | null;
}

/** The unrounded average, cut for reading: the rounding step shows the figure that counts. */
const shortVwap = (v: string, dp: number) => {
  const d = new ExactDecimal(v);
  return d.decimalPlaces() > dp + 6 ? `${d.toDecimalPlaces(dp + 6, ExactDecimal.ROUND_DOWN).toFixed()}…` : v;
};

export function leverEntryPart(p: LeverPosition, t: TFunction): EntryPart | null {
  if (p.price === null || (p.status !== LEVER_STATUS.position && p.status !== LEVER_STATUS.closed)) return null;
  const side = leverSideOf(p.type);
  if (p.price_type === 'limit' && p.target_price !== null) {
    return {
      rule: t('proof.lever.entry.ruleLimit'),
      facts: [
        {
          label: t('proof.lever.entry.limit'),
          value: p.target_price,
          meta: p.open_seq ? t('proof.lever.entry.openTick', { seq: p.open_seq }) : undefined,
        },
      ],
      steps: [],
      ok: null,
    };
  }
  const w = p.open_walk;
  if (!w) return null;
  const qty = new ExactDecimal(p.share).times(p.lot_size).toFixed();
  const proof = proveLeverEntry({
    side,
    priceType: 'market',
    qty,
    limit: null,
    openPrice: p.price,
    walk: w,
    tick: null,
  });
  const v = proof.expected.vwap;
  return {
    rule: t('proof.lever.entry.ruleMarket', {
      count: w.levels.length,
      seq: w.book_seq,
      dp: w.dp,
      protection: new ExactDecimal(w.protection).times(100).toFixed(),
    }),
    facts: w.levels.map((l, i) => ({
      label: t('proof.lever.entry.level', { n: i + 1 }),
      value: `${l.qty} @ ${l.price}`,
      meta:
        l.avail === null
          ? t('proof.lever.entry.noBook')
          : t('proof.lever.entry.offered', { avail: l.avail, seq: w.book_seq }),
    })),
    steps: v
      ? [
          t('proof.lever.entry.costLine', {
            calc: `${w.levels.map((l) => `${l.price} × ${l.qty}`).join(' + ')} = ${v.total}`,
          }),
          t('proof.lever.entry.vwapLine', {
            calc: `${v.total} ÷ ${v.filled} = ${shortVwap(v.vwap, w.dp)} → ${v.price}`,
          }),
        ]
      : [],
    ok: proof.ok,
  };
}
