/**
 * Indicator values pushed with a chart's snapshot: a chart that draws indicators names them in its
 * view, and each snapshot with bars carries the lines from its first bar on. The page then draws
 * candles and lines from the one message, in the task that delivers it; it used to ask for the
 * lines after each snapshot (a Comlink request and reply per chart update, and the chart's redraw
 * a task later).
 */
import type { IndicatorLines, IndicatorSpec, Period, Snapshot } from '../api-types';

export type ComputeLines = (symbol: string, period: Period, spec: IndicatorSpec, from: number) => IndicatorLines | null;

/** Adds `lines` to the snapshot's chart diff when the view draws indicators; the snapshot is changed in place. */
export function attachLines(snap: Snapshot | null, spec: IndicatorSpec | undefined, compute: ComputeLines): void {
  const c = snap?.chart;
  if (!c || !spec || (spec.main === 'none' && spec.sub === 'none') || !c.bars.length) return;
  const r = compute(c.symbol, c.period, spec, c.bars[0].time);
  if (r) c.lines = { ...r, spec };
}
