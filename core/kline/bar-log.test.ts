import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BarHistory } from './bar-history';
import { LOG_BARS, closeBar, flushLog } from './bar-log';
import { CLOSE, HIGH, LOW, OPEN, TIME, VOL, slotCandle } from './bar-slot';
import { REC, newPage, slotAt } from './record';
import { MAX_FAST_SCALE } from './scaled';
import { SymbolState } from './symbol-state';

const SLOTS = 3;

/** The second record of a page, so that every offset is taken from the record's start. */
const symbol = (cap: number) => new SymbolState(newPage(), REC, SLOTS, cap);

const safe = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const scale = fc.integer({ min: 0, max: MAX_FAST_SCALE });
const close = fc.record({
  slot: fc.integer({ min: 0, max: SLOTS - 1 }),
  v: fc.array(safe, { minLength: 5, maxLength: 5 }),
  ps: scale,
  qs: scale,
  spilled: fc.oneof(
    { weight: 15, arbitrary: fc.constant(0n) },
    { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 20n }) },
  ),
  read: fc.oneof({ weight: 20, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

describe('bar-log: closed bars reach their histories in close order', () => {
  it('logged and flushed (in batches, on reads, around spilled bars) equals pushing each bar at once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(close, { maxLength: 400, size: 'max' }), (cap, list) => {
        const st = symbol(cap);
        const direct = Array.from({ length: SLOTS }, () => new BarHistory(cap));
        list.forEach((c, k) => {
          const x = slotAt(st.at, c.slot);
          [st.rec[x + OPEN], st.rec[x + HIGH], st.rec[x + LOW], st.rec[x + CLOSE], st.rec[x + VOL]] = c.v;
          st.rec[x + TIME] = k;
          st.pScale = c.ps;
          st.qScale = c.qs;
          if (c.spilled !== 0n) st.volBig = Array.from({ length: SLOTS }, (_, i) => (i === c.slot ? c.spilled : 0n));
          if (c.spilled === 0n) direct[c.slot].pushScaled(k, c.v[0], c.v[1], c.v[2], c.v[3], c.v[4], c.ps, c.qs);
          else direct[c.slot].pushCandle(slotCandle(st, c.slot)); // as strings, after everything logged before it
          closeBar(st, st.rec, st.at, c.slot);
          st.volBig = null;
          expect(st.logLen).toBeLessThan(LOG_BARS);
          if (c.read) flushLog(st);
        });
        flushLog(st);
        expect(st.logLen).toBe(0);
        for (let i = 0; i < SLOTS; i++) expect(st.hist[i].toCandles(), `slot ${i}`).toEqual(direct[i].toCandles());
      }),
      { numRuns: 200 },
    );
  });
});
