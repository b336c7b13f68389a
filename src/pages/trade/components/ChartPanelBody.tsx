import { useTranslation } from 'react-i18next';
import { KLineChart, type ChartPeriod } from '../../../components/kline/KLineChart';
import { IndicatorPicker, useIndicatorSpec } from '../../../components/kline/IndicatorPicker';
import styles from './components.module.css';

/** The periods a phone screen has room for; the rest are one tap away in the full list. */
const SHORT: ChartPeriod[] = ['time', '1min', '15min', '60min', '4hour', '1day'];

/**
 * What an unfolded chart panel shows: periods, the chart and the indicator picker. Loaded when the
 * panel is first unfolded, so the chart library and the indicator settings come only
 * with a chart on screen. The indicators are the same remembered choice as the pair page's chart.
 */
export default function ChartPanelBody({
  symbol,
  precision,
  period,
  onPeriod,
}: {
  symbol: string;
  precision: number;
  period: ChartPeriod;
  onPeriod: (p: ChartPeriod) => void;
}) {
  const { t } = useTranslation();
  const [spec, setSpec] = useIndicatorSpec();
  return (
    <>
      <div className={styles.periods} role="tablist" aria-label={t('trade.period')}>
        {SHORT.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === period}
            className={`${styles.period} ${p === period ? styles.periodOn : ''}`}
            onClick={() => onPeriod(p)}
          >
            {t(`kline.period.${p}`)}
          </button>
        ))}
      </div>
      <KLineChart symbol={symbol} period={period} height={220} precision={precision} indicators={spec} />
      <IndicatorPicker spec={spec} onChange={setSpec} />
    </>
  );
}
