import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, writeJson } from '../../lib/storage';
import type { IndicatorSpec, MainIndicator, SubIndicator } from '../../market/types';
import css from './KLineChart.module.css';

const KEY = 'chart.indicators';
const MAIN: MainIndicator[] = ['ma', 'ema', 'boll'];
const SUB: SubIndicator[] = ['vol', 'macd', 'kdj', 'rsi'];
const DEFAULT: IndicatorSpec = { main: 'ma', sub: 'none' };

/** The trader's indicator choice, remembered across visits (MA on the candles until they pick). */
export function useIndicatorSpec(): [IndicatorSpec, (s: IndicatorSpec) => void] {
  const [spec, setSpec] = useState<IndicatorSpec>(() => {
    const saved = readJson<IndicatorSpec>(KEY);
    const main = MAIN.includes(saved?.main as MainIndicator) || saved?.main === 'none' ? (saved?.main as MainIndicator) : DEFAULT.main;
    const sub = SUB.includes(saved?.sub as SubIndicator) || saved?.sub === 'none' ? (saved?.sub as SubIndicator) : DEFAULT.sub;
    return { main, sub };
  });
  return [
    spec,
    (s) => {
      setSpec(s);
      writeJson(KEY, s);
    },
  ];
}

/** One row of toggles under the chart: a price-pane indicator and a sub-pane one (tap again to hide). */
export function IndicatorPicker({ spec, onChange }: { spec: IndicatorSpec; onChange: (s: IndicatorSpec) => void }) {
  const { t } = useTranslation();
  const chip = (on: boolean, label: string, testid: string, flip: () => void) => (
    <button key={testid} type="button" className={`${css.ind} ${on ? css.indOn : ''}`} aria-pressed={on} data-testid={testid} onClick={flip}>
      {label}
    </button>
  );
  return (
    <div className={css.indicators} role="group" aria-label={t('kline.indicators')}>
      {MAIN.map((m) => chip(spec.main === m, m.toUpperCase(), `ind-${m}`, () => onChange({ ...spec, main: spec.main === m ? 'none' : m })))}
      <span className={css.indSep} aria-hidden />
      {SUB.map((m) => chip(spec.sub === m, m.toUpperCase(), `ind-${m}`, () => onChange({ ...spec, sub: spec.sub === m ? 'none' : m })))}
    </div>
  );
}
