import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { CHART_PERIODS, KLineChart, type ChartPeriod } from '../../../components/kline/KLineChart';
import { IndicatorPicker, useIndicatorSpec } from '../../../components/kline/IndicatorPicker';
import { readJson, writeJson } from '../../../lib/storage';
import styles from './components.module.css';

const KEY = 'trade.chart';
/** The periods a phone screen has room for; the rest are one tap away in the full list. */
const SHORT: ChartPeriod[] = ['time', '1min', '15min', '60min', '4hour', '1day'];

/**
 * The compact K-line with its period switcher and indicator picker, collapsible (remembered) to
 * give the form room. The indicators are the same remembered choice as the pair page's chart.
 */
export function ChartPanel({ symbol, precision }: { symbol: string; precision: number }) {
  const { t } = useTranslation();
  const saved = readJson<{ open: boolean; period: ChartPeriod }>(KEY);
  const [open, setOpen] = useState(saved?.open ?? false);
  const [period, setPeriod] = useState<ChartPeriod>(saved?.period && CHART_PERIODS.some((p) => p.value === saved.period) ? saved.period : '15min');
  const [spec, setSpec] = useIndicatorSpec();
  const save = (o: boolean, p: ChartPeriod) => writeJson(KEY, { open: o, period: p });
  return (
    <section className={styles.chartPanel} aria-label={t('trade.chart')}>
      <button
        type="button"
        className={styles.chartToggle}
        aria-expanded={open}
        data-testid="chart-toggle"
        onClick={() => {
          setOpen(!open);
          save(!open, period);
        }}
      >
        <span>{t('trade.chart')}</span>
        {open ? <UpOutline aria-hidden /> : <DownOutline aria-hidden />}
      </button>
      {open ? (
        <>
          <div className={styles.periods} role="tablist" aria-label={t('trade.period')}>
            {SHORT.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={p === period}
                className={`${styles.period} ${p === period ? styles.periodOn : ''}`}
                onClick={() => {
                  setPeriod(p);
                  save(open, p);
                }}
              >
                {t(`kline.period.${p}`)}
              </button>
            ))}
          </div>
          <KLineChart symbol={symbol} period={period} height={220} precision={precision} indicators={spec} />
          <IndicatorPicker spec={spec} onChange={setSpec} />
        </>
      ) : null}
    </section>
  );
}
