import { PERIODS, type Period } from '../../../core';

/** 'time' is the time-share view: the 1min series drawn as a close-price line. */
export type ChartPeriod = Period | 'time';

/** The period switcher's entries; `label` is an i18n key (`kline.period.*`). */
export const CHART_PERIODS: readonly { value: ChartPeriod; label: string }[] = [
  { value: 'time', label: 'kline.period.time' },
  ...PERIODS.map((p) => ({ value: p, label: `kline.period.${p}` })),
];

export function feedPeriod(p: ChartPeriod): Period {
  return p === 'time' ? '1min' : p;
}
