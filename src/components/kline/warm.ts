/**
 * Warms the chart engine once, when the app is idle: an invisible 60×40 chart built like ours
 * (options.ts) draws two bars once and is removed. The first chart a page shows otherwise pays
 * for running lightweight-charts' drawing code for the first time — compiling it, sizing canvases,
 * measuring fonts — which on a 4× throttled phone is most of its first paint (bench: a bare chart's
 * first paint ≈ 190 ms cold, ≈ 80 ms after this). Costs one such paint of idle time per page load.
 */
import { createChart, type UTCTimestamp } from 'lightweight-charts';
import { addCandles, chartOptions } from './options';
import { readTheme } from './theme';

let warmed: Promise<void> | null = null;

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function warmChartEngine(): Promise<void> {
  warmed ??= (async () => {
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:fixed;left:0;top:0;width:60px;height:40px;opacity:0;pointer-events:none;z-index:-1';
    document.body.appendChild(host);
    const chart = createChart(host, chartOptions(readTheme(host)));
    try {
      const th = readTheme(host);
      const { main, volume } = addCandles(chart, th, { type: 'price', precision: 2, minMove: 0.01 });
      const t = (Math.floor(Date.now() / 60_000) * 60) as UTCTimestamp;
      main.setData([
        { time: (t - 60) as UTCTimestamp, open: 1, high: 2, low: 0.5, close: 1.5 },
        { time: t, open: 1.5, high: 1.8, low: 1, close: 1.2 },
      ]);
      volume.setData([
        { time: (t - 60) as UTCTimestamp, value: 1 },
        { time: t, value: 2 },
      ]);
      await nextPaint();
      main.update({ time: t, open: 1.5, high: 1.9, low: 1, close: 1.6 });
      await nextPaint();
    } finally {
      chart.remove();
      host.remove();
    }
  })();
  return warmed;
}
