import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PARAMS, PARAM_FIELDS, type IndicatorName, type ParamError } from '../../../core';
import type { IndicatorSpec } from '../../market/types';
import { useParamsDraft, type ParamErrors } from './useParamsDraft';
import css from './KLineChart.module.css';

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
  const { names, draft, errors, setField, apply, reset } = useParamsDraft(spec, onChange, onClose);
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
          {PARAM_FIELDS[n].map((_, i) => (
            <ParamField
              key={`ind-${n}-${i}`}
              name={n}
              index={i}
              value={draft[n]?.[i] ?? ''}
              errors={errors}
              onChange={(v) => setField(n, i, v)}
            />
          ))}
        </fieldset>
      ))}
      <div className={css.sheetActions}>
        <Button type="button" fill="outline" disabled={names.length === 0} onClick={reset}>
          {t('kline.resetParams')}
        </Button>
        <Button type="submit" color="primary" disabled={names.length === 0} data-testid="indicator-apply">
          {t('kline.applyParams')}
        </Button>
      </div>
    </form>
  );
}

interface ParamFieldProps {
  name: IndicatorName;
  /** the field's place in the indicator's parameters */
  index: number;
  value: string;
  errors: ParamErrors;
  onChange: (v: string) => void;
}

/** One parameter: its label (numbered when the indicator has several of that name), the input, and why it was refused. */
function ParamField({ name: n, index: i, value, errors, onChange }: ParamFieldProps) {
  const { t } = useTranslation();
  const fields = PARAM_FIELDS[n];
  const f = fields[i];
  const id = `ind-${n}-${i}`;
  const err = errors[n]?.find((e) => e.index === i);
  const message = (e: ParamError) =>
    e.code === 'order'
      ? t('kline.paramError.order')
      : t(e.field.decimals ? 'kline.paramError.decimal' : 'kline.paramError.integer', {
          min: e.field.min,
          max: e.field.max,
        });
  return (
    <div className={css.paramRow}>
      <label htmlFor={id} className={css.paramLabel}>
        {t(`kline.param.${f.label}`)}
        {fields.filter((x) => x.label === f.label).length > 1
          ? ` ${fields.slice(0, i + 1).filter((x) => x.label === f.label).length}`
          : ''}
      </label>
      <input
        id={id}
        className={css.paramInput}
        inputMode={f.decimals ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={value}
        placeholder={String(DEFAULT_PARAMS[n][i])}
        aria-invalid={!!err}
        aria-describedby={err ? `${id}-err` : undefined}
        data-testid={id}
        onChange={(e) => onChange(e.target.value)}
      />
      {err && (
        <p id={`${id}-err`} role="alert" className={css.paramError}>
          {message(err)}
        </p>
      )}
    </div>
  );
}
