import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BarHistory } from './bar-history';
import { LOG_BARS, LOG_STRIDE, closeBar, flushLog, type LoggedBars } from './bar-log';
import { CLOSE, HIGH, LOW, OPEN, STRIDE, TIME, VOL, slotCandle } from './bar-slot';
import { MAX_FAST_SCALE } from './scaled';

const SLOTS = 3;

function symbol(cap: number): LoggedBars {
  return {
    bars: new Float64Array(SLOTS * STRIDE),
    volBig: null,
    pScale: 0,
    qScale: 0,
    hist: Array.from({ length: SLOTS }, () => new BarHistory(cap)),
    log: new Float64Array(LOG_BARS * LOG_STRIDE),
    logLen: 0,
  };
}

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
          const x = c.slot * STRIDE;
          [st.bars[x + OPEN], st.bars[x + HIGH], st.bars[x + LOW], st.bars[x + CLOSE], st.bars[x + VOL]] = c.v;
          st.bars[x + TIME] = k;
          st.pScale = c.ps;
          st.qScale = c.qs;
          if (c.spilled !== 0n) st.volBig = Array.from({ length: SLOTS }, (_, i) => (i === c.slot ? c.spilled : 0n));
          if (c.spilled === 0n) direct[c.slot].pushScaled(k, c.v[0], c.v[1], c.v[2], c.v[3], c.v[4], c.ps, c.qs);
          else direct[c.slot].pushCandle(slotCandle(st, c.slot)); // as strings, after everything logged before it
          closeBar(st, c.slot);
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
