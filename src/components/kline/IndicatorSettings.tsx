import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PARAMS,
  PARAM_FIELDS,
  checkParams,
  paramsOf,
  type IndicatorName,
  type IndicatorParams,
  type ParamError,
} from '../../../core';
import type { IndicatorSpec } from '../../market/types';
import css from './KLineChart.module.css';

/** The indicators the sheet edits: the two on the chart (none when neither is on). */
const shown = (spec: IndicatorSpec): IndicatorName[] =>
  [spec.main, spec.sub].filter((n): n is IndicatorName => n !== 'none');

type Draft = Partial<Record<IndicatorName, string[]>>;
const draftOf = (spec: IndicatorSpec): Draft =>
  Object.fromEntries(shown(spec).map((n) => [n, paramsOf(n, spec.params).map(String)]));

/**
 * The parameters of the indicators on the chart, as the trader types them. Nothing changes until
 * every field passes (core's checkParams); a refused field says why beside it. Applied to the open
 * chart at once (the worker recomputes its lines) and remembered with the indicator choice.
 */
export function IndicatorSettings({
  spec,
  open,
  onClose,
  onChange,
}: {
  spec: IndicatorSpec;
  open: boolean;
  onClose: () => void;
  onChange: (s: IndicatorSpec) => void;
}) {
  // The form mounts with the sheet (destroyOnClose), so it starts from the current parameters each
  // time it opens; resetting it after the show animation instead wiped what a quick trader had typed.
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName={css.sheet} destroyOnClose>
      <SettingsForm spec={spec} onClose={onClose} onChange={onChange} />
    </Popup>
  );
}

function SettingsForm({
  spec,
  onClose,
  onChange,
}: {
  spec: IndicatorSpec;
  onClose: () => void;
  onChange: (s: IndicatorSpec) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(spec));
  const [errors, setErrors] = useState<Partial<Record<IndicatorName, ParamError[]>>>({});
  const names = shown(spec);

  const apply = () => {
    const next: IndicatorParams = { ...spec.params };
    const bad: Partial<Record<IndicatorName, ParamError[]>> = {};
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

  const message = (e: ParamError) =>
    e.code === 'order'
      ? t('kline.paramError.order')
      : t(e.field.decimals ? 'kline.paramError.decimal' : 'kline.paramError.integer', {
          min: e.field.min,
          max: e.field.max,
        });

  return (
    <form
      aria-label={t('kline.settings')}
      data-testid="indicator-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <h2 className={css.sheetTitle}>{t('kline.settings')}</h2>
      {names.length === 0 && <p className={css.sheetNote}>{t('kline.pickFirst')}</p>}
      {names.map((n) => (
        <fieldset key={n} className={css.paramGroup}>
          <legend className={css.paramName}>{n.toUpperCase()}</legend>
          {PARAM_FIELDS[n].map((f, i) => {
            const id = `ind-${n}-${i}`;
            const err = errors[n]?.find((e) => e.index === i);
            return (
              <div key={id} className={css.paramRow}>
                <label htmlFor={id} className={css.paramLabel}>
                  {t(`kline.param.${f.label}`)}
                  {PARAM_FIELDS[n].filter((x) => x.label === f.label).length > 1
                    ? ` ${PARAM_FIELDS[n].slice(0, i + 1).filter((x) => x.label === f.label).length}`
                    : ''}
                </label>
                <input
                  id={id}
                  className={css.paramInput}
                  inputMode={f.decimals ? 'decimal' : 'numeric'}
                  autoComplete="off"
                  value={draft[n]?.[i] ?? ''}
                  placeholder={String(DEFAULT_PARAMS[n][i])}
                  aria-invalid={!!err}
                  aria-describedby={err ? `${id}-err` : undefined}
                  data-testid={id}
                  onChange={(e) => {
                    const v = e.target.value;
                    setDraft((d) => ({ ...d, [n]: (d[n] ?? []).map((x, k) => (k === i ? v : x)) }));
                  }}
                />
                {err && (
                  <p id={`${id}-err`} role="alert" className={css.paramError}>
                    {message(err)}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      <div className={css.sheetActions}>
        <Button
          type="button"
          fill="outline"
          disabled={names.length === 0}
          onClick={() => {
            setDraft(Object.fromEntries(names.map((n) => [n, DEFAULT_PARAMS[n].map(String)])));
            setErrors({});
          }}
        >
          {t('kline.resetParams')}
        </Button>
        <Button type="submit" color="primary" disabled={names.length === 0} data-testid="indicator-apply">
          {t('kline.applyParams')}
        </Button>
      </div>
    </form>
  );
}
