import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { CHART_PERIODS, type ChartPeriod } from '../../../components/kline/periods';
import { readJson, writeJson } from '../../../lib/storage';
import styles from './components.module.css';

const KEY = 'trade.chart';
/** The unfolded panel (chart library, indicators) loads with the first unfold: the panel starts folded. */
const Body = lazy(() => import('./ChartPanelBody'));
/** periods row + 220 px chart + indicator row: held while the body loads, so nothing below moves */
const BODY_HEIGHT = 32 + 220 + 40;

/** The compact K-line with its period switcher and indicator picker, collapsible (remembered) to give the form room. */
export function ChartPanel({ symbol, precision }: { symbol: string; precision: number }) {
  const { t } = useTranslation();
  const saved = readJson<{ open: boolean; period: ChartPeriod }>(KEY);
  const [open, setOpen] = useState(saved?.open ?? false);
  const [period, setPeriod] = useState<ChartPeriod>(
    saved?.period && CHART_PERIODS.some((p) => p.value === saved.period) ? saved.period : '15min',
  );
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
        <Suspense fallback={<div style={{ height: BODY_HEIGHT }} />}>
          <Body
            symbol={symbol}
            precision={precision}
            period={period}
            onPeriod={(p) => {
              setPeriod(p);
              save(open, p);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
