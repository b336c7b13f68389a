import { startOwnServer, type OwnServer } from './own-server';
import { test, expect } from '@playwright/test';
import { shot } from './helpers';

/**
 * Scrolling a chart back through a long history. The chart holds a window of the newest bars
 * (src/components/kline/window.ts: lightweight-charts redraws every bar it holds on each update)
 * and takes older ones as the user drags toward its left edge: first from the history it was
 * given, then page by page from the worker, which fetches them from `/currency/new_timeshar`.
 * A server of its own with 3,000 1min bars of BTC/USDT (the default backfill keeps 300).
 */
const PORT = Number(process.env.CHART_E2E_PORT ?? 8145);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'chart',
    env: { MARKET_BENCH_BACKFILL: 'BTC/USDT:3000', DEMO_COPY_HISTORY: 'off' },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * "11-22 10:04" of the OHLC readout as minutes on one clock. The readout has no year, so the year is
 * the one that puts the time nearest now: the history spans ~2 days, and across a month or a year's
 * end (12-31 → 01-01) the minutes still run on.
 */
function minutes(readout: string | null): number {
  const m = /(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(readout ?? '');
  if (!m) throw new Error(`no time in readout ${readout}`);
  const now = Date.now();
  const year = new Date(now).getUTCFullYear();
  const at = (y: number) => Date.UTC(y, Number(m[1]) - 1, Number(m[2]), Number(m[3]), Number(m[4]));
  const nearest = [year - 1, year, year + 1].map(at).sort((a, b) => Math.abs(a - now) - Math.abs(b - now))[0];
  return nearest / 60_000;
}

test('dragging the chart back shows older candles, fetched page by page once the first history runs out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ranges: { from: number; to: number }[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/currency/new_timeshar')) return;
    const q = new URL(r.url()).searchParams;
    if (q.get('symbol') === 'BTC/USDT' && q.get('period') === '1min')
      ranges.push({ from: Number(q.get('from')), to: Number(q.get('to')) });
  });
  await page.goto('/h5/#/pages/market/detail?symbol=BTC%2FUSDT&period=1min');
  const chart = page.getByTestId('kline-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  const ohlc = page.getByTestId('ohlc');
  await expect(ohlc).toContainText(/\d{2}-\d{2} \d{2}:\d{2}/);
  const newest = minutes(await ohlc.textContent());
  expect(ranges).toHaveLength(1); // the default window: 1,500 buckets

  const box = (await chart.boundingBox())!;
  const y = box.y + box.height / 2;
  let oldest = newest;
  // Each drag moves the view ~50 bars back; stop once two older pages have come in.
  for (let k = 0; k < 150 && ranges.length < 3; k++) {
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 80, y, { steps: 3 });
    await page.mouse.up();
  }
  await expect.poll(() => ranges.length).toBeGreaterThanOrEqual(3);
  // Pages are contiguous and older each time: no gap, no overlap.
  for (let i = 2; i < ranges.length; i++) expect(ranges[i].to).toBe(ranges[i - 1].from - 1);
  expect(ranges[1].to).toBeLessThan(ranges[0].from + 60);

  // What is under the pointer at the left edge is older than the whole first history.
  await page.mouse.move(box.x + 30, y);
  await expect.poll(async () => (oldest = minutes(await ohlc.textContent()))).toBeLessThan(newest - 1500);
  expect(newest - oldest).toBeLessThan(3000);
  await shot(page, 'chart-scrolled-back');
});
