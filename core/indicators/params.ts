/**
 * The trader's indicator parameters: which numbers each indicator takes, in what order, and what
 * is sane for each (integers for periods; BOLL's width K may have one decimal). The page validates
 * what the trader typed with `checkParams` (to show the error beside the field); the worker takes
 * whatever arrives through `paramsOf`, which falls back to the defaults for anything that would not
 * pass, so a bad stored value can never throw inside the chart.
 */
import { INDICATOR_DEFAULTS } from './types';

export type IndicatorName = 'ma' | 'ema' | 'boll' | 'vol' | 'macd' | 'kdj' | 'rsi';

/** Parameters per indicator, in the order of PARAM_FIELDS; absent = the defaults. */
export type IndicatorParams = Partial<Record<IndicatorName, number[]>>;

/** What one field means (a message key under kline.param) and the range it accepts. */
export interface ParamField {
  label: 'period' | 'width' | 'fast' | 'slow' | 'signal' | 'kSmooth' | 'dSmooth';
  min: number;
  max: number;
  /** decimals allowed: 0 for a period */
  decimals: 0 | 1;
}

const period = (min = 1, max = 500): ParamField => ({ label: 'period', min, max, decimals: 0 });

export const PARAM_FIELDS: Record<IndicatorName, readonly ParamField[]> = {
  ma: [period(), period(), period()],
  ema: [period(), period(), period()],
  boll: [period(2, 200), { label: 'width', min: 0.1, max: 5, decimals: 1 }],
  vol: [period(), period()],
  macd: [
    { label: 'fast', min: 2, max: 200, decimals: 0 },
    { label: 'slow', min: 2, max: 200, decimals: 0 },
    { label: 'signal', min: 2, max: 200, decimals: 0 },
  ],
  kdj: [
    period(2, 200),
    { label: 'kSmooth', min: 1, max: 50, decimals: 0 },
    { label: 'dSmooth', min: 1, max: 50, decimals: 0 },
  ],
  rsi: [period(2, 200), period(2, 200), period(2, 200)],
};

export const DEFAULT_PARAMS: Record<IndicatorName, readonly number[]> = {
  ma: INDICATOR_DEFAULTS.ma,
  ema: INDICATOR_DEFAULTS.ema,
  boll: [INDICATOR_DEFAULTS.boll.period, INDICATOR_DEFAULTS.boll.width],
  vol: INDICATOR_DEFAULTS.vol,
  macd: [INDICATOR_DEFAULTS.macd.fast, INDICATOR_DEFAULTS.macd.slow, INDICATOR_DEFAULTS.macd.signal],
  kdj: [INDICATOR_DEFAULTS.kdj.period, INDICATOR_DEFAULTS.kdj.kSmooth, INDICATOR_DEFAULTS.kdj.dSmooth],
  rsi: INDICATOR_DEFAULTS.rsi,
};

/** Why a field was refused: `number` (not a number, or too many decimals), `range`, or `order` (MACD fast not below slow). */
export type ParamError = { index: number; code: 'number' | 'range' | 'order'; field: ParamField };

export type ParamCheck = { ok: true; values: number[] } | { ok: false; errors: ParamError[] };

const INT = /^\d+$/;
const TENTH = /^\d+(?:\.\d)?$/;

/** Checks what the trader typed, field by field (trimmed strings); every refused field is reported. */
export function checkParams(name: IndicatorName, raw: readonly string[]): ParamCheck {
  const fields = PARAM_FIELDS[name];
  const errors: ParamError[] = [];
  const values = fields.map((field, index) => {
    const s = (raw[index] ?? '').trim();
    if (!(field.decimals ? TENTH : INT).test(s)) {
      errors.push({ index, code: 'number', field });
      return NaN;
    }
    const v = Number(s);
    if (v < field.min || v > field.max) errors.push({ index, code: 'range', field });
    return v;
  });
  if (name === 'macd' && errors.length === 0 && values[0] >= values[1])
    errors.push({ index: 0, code: 'order', field: fields[0] });
  return errors.length ? { ok: false, errors } : { ok: true, values };
}

/** The parameters to run `name` with: the given ones when they would pass checkParams, else the defaults. */
export function paramsOf(name: IndicatorName, params: IndicatorParams | undefined): number[] {
  const p = params?.[name];
  if (
    Array.isArray(p) &&
    p.length === PARAM_FIELDS[name].length &&
    p.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    const c = checkParams(name, p.map(String));
    if (c.ok) return c.values;
  }
  return [...DEFAULT_PARAMS[name]];
}
