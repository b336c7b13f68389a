/**
 * The spare chart (src/components/kline/spare.ts) ahead of the first chart the user opens: Home and
 * Markets, whose rows open the pair view, ask for it. Once the app has been up START_AFTER_MS past
 * its first paint and is idle, the pair view's page (its chunk, with the chart library) is imported
 * and builds the spare, so the first chart adopts it instead of drawing cold (bench/: first paint of
 * 5,000 candles at 4× ≈ 57 ms warm, ≈ 147 cold); opening the pair view then waits for no download
 * either. The page, not spare.ts: the page is a chunk already, and importing spare.ts on its own
 * split the chart's modules into more chunks, each a name in the entry's preload lists.
 *
 * Not inside the first load's quiet window: the page and chart library's download and the spare's
 * draws are long tasks on a slow phone. Not with Save-Data nor under 2 GB of memory (a hidden
 * chart's canvases), and not once a chart was shown (closing it builds the spare anyway).
 */
import { useEffect } from 'react';
import { firstPaint } from '../../lib/firstPaint';
import { whenIdle } from '../../lib/idle';

const START_AFTER_MS = 6000;

let asked: Promise<void> | null = null;

/** Builds the spare once per app session (see above); resolves once it is parked, or skipped. */
export function spareChartAhead(): Promise<void> {
  asked ??= firstPaint
    .then(() => new Promise<void>((r) => setTimeout(() => whenIdle(r, 4000), START_AFTER_MS)))
    .then(build);
  return asked;
}

async function build(): Promise<void> {
  const n = navigator as Navigator & { connection?: { saveData?: boolean }; deviceMemory?: number };
  if (n.connection?.saveData || (n.deviceMemory ?? 4) < 2) return;
  const { prepareSpareChartAhead } = await import('./detail');
  await prepareSpareChartAhead();
}

export function useSpareChartAhead(): void {
  useEffect(() => void spareChartAhead().catch(() => {}), []);
}
