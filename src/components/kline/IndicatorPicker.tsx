import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SetOutline } from 'antd-mobile-icons';
import { PARAM_FIELDS, paramsOf, type IndicatorName, type IndicatorParams } from '../../../core';
import { readJson, writeJson } from '../../lib/storage';
import type { IndicatorSpec, MainIndicator, SubIndicator } from '../../market/types';
import { IndicatorSettings } from './IndicatorSettings';
import css from './KLineChart.module.css';

const KEY = 'chart.indicators';
const MAIN: MainIndicator[] = ['ma', 'ema', 'boll'];
const SUB: SubIndicator[] = ['vol', 'macd', 'kdj', 'rsi'];
const DEFAULT: IndicatorSpec = { main: 'ma', sub: 'none' };

/** Stored parameters that still pass the checks (a stored value from an older version or edited by hand is dropped). */
function savedParams(p: unknown): IndicatorParams {
  const out: IndicatorParams = {};
  if (!p || typeof p !== 'object') return out;
  for (const n of Object.keys(PARAM_FIELDS) as IndicatorName[]) {
    const v = (p as IndicatorParams)[n];
    if (v && JSON.stringify(paramsOf(n, { [n]: v })) === JSON.stringify(v)) out[n] = v;
  }
  return out;
}

/** The trader's indicator choice and parameters, remembered on this device (MA on the candles until they pick). */
export function useIndicatorSpec(): [IndicatorSpec, (s: IndicatorSpec) => void] {
  const [spec, setSpec] = useState<IndicatorSpec>(() => {
    const saved = readJson<IndicatorSpec>(KEY);
    const main =
      MAIN.includes(saved?.main as MainIndicator) || saved?.main === 'none'
        ? (saved?.main as MainIndicator)
        : DEFAULT.main;
    const sub =
      SUB.includes(saved?.sub as SubIndicator) || saved?.sub === 'none' ? (saved?.sub as SubIndicator) : DEFAULT.sub;
    return { main, sub, params: savedParams(saved?.params) };
  });
  return [
    spec,
    (s) => {
      setSpec(s);
      writeJson(KEY, s);
    },
  ];
}

/** One row of toggles under the chart: a price-pane indicator and a sub-pane one (tap again to hide), and their settings. */
export function IndicatorPicker({ spec, onChange }: { spec: IndicatorSpec; onChange: (s: IndicatorSpec) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const chip = (on: boolean, label: string, testid: string, flip: () => void) => (
    <button
      key={testid}
      type="button"
      className={`${css.ind} ${on ? css.indOn : ''}`}
      aria-pressed={on}
      data-testid={testid}
      onClick={flip}
    >
      {label}
    </button>
  );
  return (
    <div className={css.indicators} role="group" aria-label={t('kline.indicators')}>
      {MAIN.map((m) =>
        chip(spec.main === m, m.toUpperCase(), `ind-${m}`, () =>
          onChange({ ...spec, main: spec.main === m ? 'none' : m }),
        ),
      )}
      <span className={css.indSep} aria-hidden />
      {SUB.map((m) =>
        chip(spec.sub === m, m.toUpperCase(), `ind-${m}`, () =>
          onChange({ ...spec, sub: spec.sub === m ? 'none' : m }),
        ),
      )}
      <button
        type="button"
        className={`${css.ind} ${css.indGear}`}
        aria-label={t('kline.settings')}
        aria-haspopup="dialog"
        data-testid="ind-settings"
        onClick={() => setEditing(true)}
      >
        <SetOutline aria-hidden />
      </button>
      <IndicatorSettings spec={spec} open={editing} onClose={() => setEditing(false)} onChange={onChange} />
    </div>
  );
}
