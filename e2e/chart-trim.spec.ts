import { test, expect, type Page } from '@playwright/test';
import { chartLibraryScript, pageScript } from '../scripts/build/page-script';

/**
 * A chart left open: it follows the live bars, one more each period, and lightweight-charts redraws
 * every bar a series holds on each update (a day on 1min: 1,590 bars, 1.37× the CPU per redraw of
 * 150). The controller trims it back to its newest bars once it holds `WINDOW.trimSlack` more than
 * the view needs (src/components/kline/window.ts trimTo), and not while the user looks back.
 *
 * The app's own ChartController on lightweight-charts in Chromium, fed bar by bar as the worker's
 * feed does (no server: a day of live bars cannot be waited for). Bundled here from the sources.
 */
const LIB = chartLibraryScript();
let bundle = '';

test.beforeAll(async () => {
  bundle = await pageScript(
    'Trim',
    {
      ChartController: 'src/components/kline/chart-controller',
      WINDOW: 'src/components/kline/window',
      PLAIN_MARKS: 'core',
    },
    false,
  );
});

type Trim = typeof import('../src/components/kline/chart-controller') &
  typeof import('../src/components/kline/window') & { PLAIN_MARKS: import('../core').NumberMarks };

/** What the page reports after each step: the bars the candle series holds, its first and last time. */
interface Held {
  n: number;
  first: number;
  last: number;
  /** the view's distance from the newest bar, in bars (lightweight-charts' scrollPosition) */
  pos: number;
  right: number;
  /** the visible logical range's width */
  visible: number;
}

const END = 1_700_000_040;

/** A chart with a 1,500-bar 1min history ending at END, as the pair page builds it. */
async function openChart(page: Page): Promise<void> {
  // an origin of its own (the app's modules read cookies and storage, which about:blank denies)
  await page.route('http://chart.test/', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><div id="box" style="width:390px;height:444px"></div><div id="legend"></div>',
    }),
  );
  await page.goto('http://chart.test/');
  await page.addScriptTag({ content: LIB });
  await page.addScriptTag({ content: bundle });
  await page.evaluate((end) => {
    const T = (window as unknown as { Trim: Trim }).Trim;
    const box = document.getElementById('box') as HTMLDivElement;
    const c = new T.ChartController(
      () => box,
      () => document.getElementById('legend') as HTMLDivElement,
    );
    c.setProps({
      line: false,
      precision: 2,
      marks: T.PLAIN_MARKS,
      // no readout, as the trade screen's chart: a held crosshair must hold the bars without one
      src: { symbol: 'BTC/USDT', period: '1min' },
    });
    const n = 1500;
    const time = Float64Array.from({ length: n }, (_, i) => end - (n - 1 - i) * 60);
    const px = time.map((t) => 100 + Math.sin(t / 600));
    c.sink.setHistory({
      symbol: 'BTC/USDT',
      period: '1min',
      time,
      open: px,
      high: px.map((p) => p + 1),
      low: px.map((p) => p - 1),
      close: px,
      volume: px.map(() => 1),
    });
    (window as unknown as { ctl: typeof c }).ctl = c;
  }, END);
}

/** `count` live bars after the `from`-th minute past END, one update each; the series after each. */
async function feed(page: Page, from: number, count: number): Promise<Held[]> {
  return page.evaluate(
    ({ end, from, count }) => {
      type S = { data(): readonly { time: unknown }[] };
      type C = {
        sink: { update(b: unknown[]): boolean };
        series: { main: S };
        chart: import('lightweight-charts').IChartApi;
      };
      const c = (window as unknown as { ctl: C }).ctl;
      const out: Held[] = [];
      for (let k = from; k < from + count; k++) {
        const p = 100 + (k % 7);
        if (!c.sink.update([{ time: end + k * 60, open: p, high: p + 2, low: p - 2, close: p + 1, volume: k }]))
          throw new Error(`bar ${k} not applied`);
        const d = c.series.main.data();
        const s = c.chart.timeScale();
        const r = s.getVisibleLogicalRange();
        out.push({
          n: d.length,
          first: d[0].time as number,
          last: d[d.length - 1].time as number,
          pos: s.scrollPosition(),
          right: s.options().rightOffset,
          visible: r ? r.to - r.from : NaN,
        });
      }
      return out;
    },
    { end: END, from, count },
  );
}

/** The view `pos` bars from the newest (or at it), as a user's drag leaves it: a frame later. */
async function scrollTo(page: Page, pos: number | 'newest'): Promise<void> {
  await page.evaluate(async (pos) => {
    const c = (window as unknown as { ctl: { chart: import('lightweight-charts').IChartApi } }).ctl;
    const s = c.chart.timeScale();
    s.scrollToPosition(pos === 'newest' ? s.options().rightOffset : pos, false);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, pos);
}

test('a chart following the live bars is trimmed back to its newest, with the view kept, and not while the user looks back', async ({
  page,
}) => {
  const W = { first: 150, trimSlack: 150, edge: 50 };
  await openChart(page);
  expect(await page.evaluate(() => (window as unknown as { Trim: Trim }).Trim.WINDOW)).toMatchObject(W);

  // 400 live bars while following: trimmed back to what the view needs, never more than the slack past it
  const run = await feed(page, 1, 400);
  const keep = Math.max(W.first, Math.ceil(run[0].visible) + 2 * W.edge);
  expect(Math.max(...run.map((h) => h.n))).toBeLessThanOrEqual(keep + W.trimSlack);
  const trims = run.filter((h, i) => i > 0 && h.n < run[i - 1].n);
  // 400 bars: 150 past the first 150, then 150 past `keep` again
  expect(trims.map((h) => h.n)).toEqual([keep, keep]);
  for (const [i, h] of run.entries()) {
    // every bar drawn as it came, the newest in view
    expect(h.last).toBe(END + (i + 1) * 60);
    expect(h.pos).toBeCloseTo(h.right, 3);
  }
  const after = run[run.length - 1];
  expect(after.first).toBe(after.last - (after.n - 1) * 60); // no bar lost or repeated in between

  // the user holds the crosshair: the bars under it stay, however many come
  const box = (await page.locator('#box').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  const held = await feed(page, 401, 200);
  expect(held.every((h, i) => i === 0 || h.n === held[i - 1].n + 1)).toBe(true);
  expect(held[held.length - 1].n).toBeGreaterThan(keep + W.trimSlack);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 100);

  // scrolled back: the view stays where the user put it
  await scrollTo(page, -40);
  const back = await feed(page, 601, 3);
  expect(back.every((h, i) => i === 0 || h.n === back[i - 1].n + 1)).toBe(true);

  // back at the newest bar: the next bar trims, and scrolling back still reaches the older bars
  await scrollTo(page, 'newest');
  const [trimmed] = await feed(page, 604, 1);
  expect(trimmed.n).toBe(keep);
  expect(trimmed.last).toBe(END + 604 * 60);
  await scrollTo(page, -400);
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { ctl: { series: { main: { data(): unknown[] } } } }).ctl.series.main.data().length,
      ),
    )
    .toBeGreaterThan(keep);
});
