/**
 * Diagnosis, not a bench: the main thread's CPU time of one lightweight-charts candle redraw, for
 * two candle styles, interleaved (A B B A …) in one unthrottled browser. Each page draws 150 bars
 * in a 390×444 chart (the pair page's), then 400 times updates the last bar and takes the chart's
 * screenshot (a synchronous redraw, with the canvases' raster); the figure is Chromium's thread
 * time (`Performance.getMetrics` ThreadTime) per redraw, which a loaded machine does not stretch as
 * it does wall time. Also checks that both styles draw the same pixels.
 *
 *   npx tsx bench/browser/redraw-cpu.ts [--rounds=6] [--labels] [--bars=150,1590]
 *
 * A: candles with a border of the body's colour (what options.ts drew before); B: no border.
 * --labels: both without a border, around 67,000: A with lightweight-charts' own fixed-precision
 * price format (what options.ts used before), B with the app's (options.ts priceFormatOf: the
 * language's marks, French here); prints B ÷ A per pair. Their pixels differ (the labels do).
 * --bars=NA,NB: both without a border, A holding the newest NA bars of one series and B the newest
 * NB (a live chart holds one more bar a period: 150 at first, 1,590 after a day on 1min); the
 * visible bars are the same, so are the pixels; prints B ÷ A per pair.
 */
import os from 'node:os';
import { chartLibraryScript, pageScript } from '../../scripts/build/page-script';
import { arg, launchBrowser } from './harness';

const LIB = chartLibraryScript();
const REDRAWS = 400;

const STYLES = {
  A: { upColor: '#0ecb81', downColor: '#f6465d', borderUpColor: '#0ecb81', borderDownColor: '#f6465d' },
  B: { upColor: '#0ecb81', downColor: '#f6465d', borderVisible: false },
} as const;
const LABELS = process.argv.includes('--labels');
const BARS = arg('bars', '') ? arg('bars', '').split(',').map(Number) : null;

/** options.ts's priceFormatOf and core's numberMarks as a script setting `window.AppLabels` (for --labels) */
const appLabels = () =>
  pageScript('AppLabels', { priceFormatOf: 'src/components/kline/options', numberMarks: 'core/calc/number-format' });

async function main(): Promise<void> {
  const labels = LABELS ? await appLabels() : '';
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const cpu: Record<string, number[]> = { A: [], B: [] };
  const shots: Record<string, string> = {};
  try {
    for (let round = 0; round < Number(arg('rounds', '6')); round++)
      for (const k of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const page = await context.newPage();
        await page.setContent('<div id="c" style="width:390px;height:444px"></div>');
        await page.addScriptTag({ content: LIB });
        if (labels) await page.addScriptTag({ content: labels });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const threadTime = async () =>
          (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
        shots[k] = await page.evaluate(
          async ({ style, n, app, base, held, total }) => {
            type Lib = typeof import('lightweight-charts');
            type App = typeof import('../../src/components/kline/options') &
              typeof import('../../core/calc/number-format');
            const w = window as unknown as { LightweightCharts: Lib; AppLabels?: App };
            const L = w.LightweightCharts;
            const c = L.createChart(document.getElementById('c') as HTMLElement, {});
            const A = w.AppLabels;
            const priceFormat = app && A ? A.priceFormatOf(2, A.numberMarks('fra')) : undefined;
            const s = c.addSeries(L.CandlestickSeries, priceFormat ? { ...style, priceFormat } : style);
            const bars = Array.from({ length: held }, (_, j) => {
              const i = total - held + j;
              const open = base + Math.sin(i / 7) * 5 + Math.sin(i * 1.3);
              const close = i % 11 ? open + Math.cos(i / 3) * (i % 5) * 0.7 : open;
              const time = (1_700_000_000 + i * 60) as import('lightweight-charts').UTCTimestamp;
              return {
                time,
                open,
                close,
                high: Math.max(open, close) + (i % 3),
                low: Math.min(open, close) - (i % 4) / 2,
              };
            });
            s.setData(bars);
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const last = bars[bars.length - 1];
            (window as unknown as { redraw: () => void }).redraw = () => {
              for (let j = 0; j < n; j++) {
                s.update({ ...last, close: last.close + (j % 7) / 100 });
                c.takeScreenshot();
              }
              s.update(last);
            };
            return c.takeScreenshot().toDataURL();
          },
          LABELS
            ? { style: STYLES.B, n: REDRAWS, app: k === 'B', base: 67_000, held: 150, total: 150 }
            : BARS
              ? {
                  style: STYLES.B,
                  n: REDRAWS,
                  app: false,
                  base: 100,
                  held: BARS[k === 'A' ? 0 : 1],
                  total: Math.max(...BARS),
                }
              : { style: STYLES[k], n: REDRAWS, app: false, base: 100, held: 150, total: 150 },
        );
        const t0 = await threadTime();
        await page.evaluate(() => (window as unknown as { redraw: () => void }).redraw());
        cpu[k].push(Math.round((((await threadTime()) - t0) * 1e6) / REDRAWS));
        await page.close();
      }
  } finally {
    await browser.close().catch(() => {});
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`A: ${cpu.A.join(', ')} µs per redraw (median ${med(cpu.A)})`);
  console.log(`B: ${cpu.B.join(', ')} µs per redraw (median ${med(cpu.B)})`);
  if (LABELS || BARS) {
    const ratios = cpu.A.map((a, i) => cpu.B[i] / a).sort((x, y) => x - y);
    const q = (f: number) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))].toFixed(3);
    console.log(`B ÷ A per pair: median ${q(0.5)} (n ${ratios.length}, range ${q(0)}–${q(1)})`);
  }
  if (!LABELS) console.log(`same pixels: ${shots.A === shots.B}`);
  console.log(`load ${os.loadavg()[0].toFixed(1)}`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
