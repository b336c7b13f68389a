import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, PARAM_FIELDS, checkParams, paramsOf, type IndicatorName } from './params';

const NAMES = Object.keys(PARAM_FIELDS) as IndicatorName[];

describe('indicator parameters', () => {
  it('the defaults pass their own checks', () => {
    for (const n of NAMES)
      expect(checkParams(n, DEFAULT_PARAMS[n].map(String))).toEqual({ ok: true, values: [...DEFAULT_PARAMS[n]] });
  });

  it('a period is accepted exactly when it is a whole number inside its range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES.filter((n) => n !== 'macd')),
        fc.nat(2),
        fc.oneof(
          fc.integer({ min: -10, max: 600 }).map(String),
          fc.string({ maxLength: 5 }),
          fc.double({ min: 0, max: 600, noNaN: true }).map(String),
        ),
        (name, i, typed) => {
          const fields = PARAM_FIELDS[name];
          const index = i % fields.length;
          const raw = DEFAULT_PARAMS[name].map(String);
          raw[index] = typed;
          const f = fields[index];
          const re = f.decimals ? /^\d+(?:\.\d)?$/ : /^\d+$/;
          const want = re.test(typed.trim()) && Number(typed) >= f.min && Number(typed) <= f.max;
          const r = checkParams(name, raw);
          expect(r.ok).toBe(want);
          if (!r.ok) expect(r.errors.map((e) => e.index)).toEqual([index]);
        },
      ),
    );
  });

  it('tells which fields are wrong and why: not a number, out of range, MACD fast not below slow', () => {
    expect(checkParams('boll', ['20', '2.55'])).toMatchObject({ ok: false, errors: [{ index: 1, code: 'number' }] });
    expect(checkParams('boll', ['1', '2.5'])).toMatchObject({ ok: false, errors: [{ index: 0, code: 'range' }] });
    expect(checkParams('boll', ['30', '2.5'])).toEqual({ ok: true, values: [30, 2.5] });
    expect(checkParams('ma', ['7', 'x', '0'])).toMatchObject({
      ok: false,
      errors: [
        { index: 1, code: 'number' },
        { index: 2, code: 'range' },
      ],
    });
    expect(checkParams('macd', ['26', '12', '9'])).toMatchObject({ ok: false, errors: [{ index: 0, code: 'order' }] });
  });

  it('the worker runs only parameters that pass, anything else falls back to the defaults', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES),
        fc.array(fc.oneof(fc.integer({ min: -5, max: 600 }), fc.double(), fc.constant(NaN)), { maxLength: 4 }),
        (name, p) => {
          const got = paramsOf(name, { [name]: p });
          expect(checkParams(name, got.map(String)).ok).toBe(true);
          if (!checkParams(name, p.map(String)).ok || p.length !== PARAM_FIELDS[name].length)
            expect(got).toEqual([...DEFAULT_PARAMS[name]]);
          else expect(got).toEqual(p);
        },
      ),
    );
  });
});
