import { lazy, Suspense } from 'react';
import type { KLineChartProps } from './KLineChart';
import css from './KLineChart.module.css';

/**
 * The K-line chart, loaded when a chart is shown (issue 27): the chart library (≈47 KB brotli) and
 * the chart component come with the first chart on screen, not with the pages that can show one —
 * the contract screen's chart starts folded. (The pair view always shows its chart and imports it
 * directly, so there it loads with the page, in parallel.) Until they arrive the chart's box holds
 * its height, so nothing below it moves.
 */
const Chart = lazy(() => import('./KLineChart').then((m) => ({ default: m.KLineChart })));

export function KLineChart(props: KLineChartProps) {
  return (
    <Suspense fallback={<div className={css.wrap} style={{ height: props.height ?? 360 }} />}>
      <Chart {...props} />
    </Suspense>
  );
}

export { CHART_PERIODS, type ChartPeriod } from './periods';
export { pairChartHeight } from './size';
