import { useState } from 'react';
import {
  DEFAULT_PARAMS,
  checkParams,
  paramsOf,
  type IndicatorName,
  type IndicatorParams,
  type ParamError,
} from '../../../core';
import type { IndicatorSpec } from '../../market/types';

/** The indicators the sheet edits: the two on the chart (none when neither is on). */
const shown = (spec: IndicatorSpec): IndicatorName[] =>
  [spec.main, spec.sub].filter((n): n is IndicatorName => n !== 'none');

type Draft = Partial<Record<IndicatorName, string[]>>;
export type ParamErrors = Partial<Record<IndicatorName, ParamError[]>>;

const draftOf = (spec: IndicatorSpec): Draft =>
  Object.fromEntries(shown(spec).map((n) => [n, paramsOf(n, spec.params).map(String)]));

/**
 * The parameters as typed (from the chart's current ones), the refusals of the last apply, and
 * applying: nothing changes until every field passes core's checkParams.
 */
export function useParamsDraft(spec: IndicatorSpec, onChange: (s: IndicatorSpec) => void, onClose: () => void) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(spec));
  const [errors, setErrors] = useState<ParamErrors>({});
  const names = shown(spec);

  const apply = () => {
    const next: IndicatorParams = { ...spec.params };
    const bad: ParamErrors = {};
    for (const n of names) {
      const c = checkParams(n, draft[n] ?? []);
      if (c.ok) next[n] = c.values;
      else bad[n] = c.errors;
    }
    setErrors(bad);
    if (Object.keys(bad).length) return;
    onChange({ ...spec, params: next });
    onClose();
  };
  const setField = (n: IndicatorName, i: number, v: string) =>
    setDraft((d) => ({ ...d, [n]: (d[n] ?? []).map((x, k) => (k === i ? v : x)) }));
  const reset = () => {
    setDraft(Object.fromEntries(names.map((n) => [n, DEFAULT_PARAMS[n].map(String)])));
    setErrors({});
  };
  return { names, draft, errors, setField, apply, reset };
}
