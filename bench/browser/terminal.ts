/**
 * the trading terminal under a tick storm. The real pair page (chart + its book tab, and
 * again with the recent-trades tab) and the real spot trade screen (chart panel open + the book
 * beside the form) for BTC/USDT, at a CPU throttle, with the server's simulator at `rate` ticks/s,
 * measured as the stall bench measures the Markets page (long tasks, frame gaps, quiet main-thread
 * busy time, worker busy). Baseline in the same run: each screen without its book and trades
 * (`&book=0`: bench/browser/pages/switch), so the ratio is what the book and trades add to it.
 * The pair page's book sits under the chart, below the fold at 844 px: it is scrolled into view
 * (the bottom of the chart stays on screen), the baseline page is scrolled by the same amount.
 * `indicators` (`boll,macd`) turns those on in every screen's chart, the naive page's included
 * (computed on its main thread: bench/baseline-page/indicators.ts).
 */
import { launchBrowser, round, settle, startServer } from './harness';
import { measureStall, type StallRun } from './stall';

export type TerminalScreen = 'pair' | 'spot';
/**
 * what the screen shows beside its chart: the book, the pair page's trades tab, or neither (the
 * same screen's baseline); 'naive' is the pair page built the straightforward way, socket on the
 * main thread (bench/baseline-page/terminal.tsx)
 */
export type TerminalPart = 'book' | 'trades' | 'none' | 'naive';

export interface TerminalOptions {
  rate: number;
  throttle: number;
  durationS: number;
  warmupS: number;
  dataDir: string;
  extraSymbols: number;
  /** the chart's price-pane and sub-pane indicators (`boll,macd`); the app's default (MA) when absent */
  indicators?: string;
  /** the screens to measure (default: every one, VARIANTS) */
  variants?: { screen: TerminalScreen; part: TerminalPart }[];
}

/** the level a run or ratio belongs to: a terminal part may measure more than one */
interface TerminalLevel {
  rate: number;
  throttle: number;
  /** `boll,macd`, or '' for the app's default */
  indicators: string;
}

export interface TerminalRun extends StallRun {
  screen: TerminalScreen;
  part: TerminalPart;
  indicators: string;
}

export interface TerminalRatio extends TerminalLevel {
  screen: TerminalScreen;
  part: TerminalPart;
  /** with / without the part: quiet busy time, long-task time, frame gap p99 and max */
  mainBusy: number;
  longTaskMs: number;
  frameP99: number;
  frameMax: number;
}

export const VARIANTS: { screen: TerminalScreen; part: TerminalPart }[] = [
  { screen: 'pair', part: 'book' },
  { screen: 'pair', part: 'none' },
  { screen: 'pair', part: 'trades' },
  { screen: 'spot', part: 'book' },
  { screen: 'spot', part: 'none' },
  { screen: 'pair', part: 'naive' },
];

/**
 * Ours against the main-thread-socket page in the same run (the issue's targets at 4× and 50,000
 * ticks/s): every screen that shows a book or trades — the pair page's book tab, its trades tab and
 * the spot screen — against the naive pair page (bench/baseline-page/terminal.tsx), the terminal's
 * counterpart of the stall bench's baseline page (socket.io and the book on the main thread).
 */
export interface TerminalVsNaive extends TerminalLevel {
  screen: TerminalScreen;
  part: TerminalPart;
  /** quiet main-thread busy %, ours and naive */
  busyPct: { ours: number; naive: number };
  /** naive / ours quiet busy time: how many times less main-thread time ours needs (target ≥ 10) */
  busyTimes: number;
  longTasks: { count: number; maxMs: number };
  bookTickToPaintP95: { ours: number; naive: number };
  targets: { noLongTask: boolean; bookP95: boolean; busy10x: boolean };
}

export function terminalVsNaive(runs: TerminalRun[]): TerminalVsNaive[] {
  const naive = runs.find((r) => r.ok && r.part === 'naive');
  if (!naive) return [];
  return runs
    .filter((r) => r.ok && (r.part === 'book' || r.part === 'trades'))
    .map((r) => {
      const busyTimes = r.quietBusy.taskMs > 0 ? round(naive.quietBusy.taskMs / r.quietBusy.taskMs, 2) : NaN;
      // the trades tab shows no book: its p95 target is the book tab's
      const p95 = r.bookTickToPaintMs.p95;
      return {
        rate: r.rate,
        throttle: r.throttle,
        indicators: r.indicators,
        screen: r.screen,
        part: r.part,
        busyPct: { ours: r.quietBusy.busyPct, naive: naive.quietBusy.busyPct },
        busyTimes,
        longTasks: { count: r.longTasks.count, maxMs: r.longTasks.maxMs },
        bookTickToPaintP95: { ours: p95, naive: naive.bookTickToPaintMs.p95 },
        targets: {
          noLongTask: r.longTasks.count === 0,
          bookP95: r.part === 'trades' || p95 <= 150,
          busy10x: busyTimes >= 10,
        },
      };
    });
}

export function terminalRatios(runs: TerminalRun[]): TerminalRatio[] {
  const q = (a: number, b: number) => (b > 0 ? round(a / b, 3) : NaN);
  const out: TerminalRatio[] = [];
  for (const w of runs.filter((r) => r.ok && r.part !== 'none' && r.part !== 'naive')) {
    const b = runs.find((r) => r.ok && r.part === 'none' && r.screen === w.screen);
    if (!b) continue;
    out.push({
      rate: w.rate,
      throttle: w.throttle,
      indicators: w.indicators,
      screen: w.screen,
      part: w.part,
      mainBusy: q(w.quietBusy.taskMs, b.quietBusy.taskMs),
      longTaskMs: q(w.longTasks.totalMs, b.longTasks.totalMs),
      frameP99: q(w.frameMs.p99, b.frameMs.p99),
      frameMax: q(w.frameMs.max, b.frameMs.max),
    });
  }
  return out;
}

export async function runTerminal(
  o: TerminalOptions,
): Promise<{ runs: TerminalRun[]; ratios: TerminalRatio[]; vsNaive: TerminalVsNaive[] }> {
  const runs: TerminalRun[] = [];
  const indicators = o.indicators ?? '';
  const ind = indicators ? `&ind=${indicators}` : '';
  const chips = indicators
    .split(',')
    .filter(Boolean)
    .map((name) => `:has([data-testid="ind-${name}"][aria-pressed="true"])`)
    .join('');
  console.log(
    `[terminal] server at ${o.rate} ticks/s, ${o.extraSymbols} extra symbols${indicators ? `, indicators ${indicators}` : ''}…`,
  );
  const server = await startServer({ tickRate: o.rate, dataDir: o.dataDir, extraSymbols: o.extraSymbols });
  const browser = await launchBrowser();
  try {
    await settle(1500);
    const measure = async (v: (typeof VARIANTS)[number]): Promise<TerminalRun> => {
      const naive = v.part === 'naive';
      // ours: its book synced, and with indicators their chips pressed (the saved choice was read)
      const ready = `${v.part === 'none' ? '' : ':has([data-synced="true"])'}${chips}`;
      const target = {
        path: naive
          ? `/h5/bench/baseline-page/terminal.html?symbol=BTC%2FUSDT${ind}`
          : `/h5/bench/browser/pages/app.html?mode=terminal&screen=${v.screen}&book=${v.part === 'none' ? 0 : 1}${ind}`,
        readySelector: naive ? '[data-book-ts]:not([data-book-ts="0"])' : ready ? `body${ready}` : undefined,
        click: v.part === 'trades' ? 'tab-trades' : undefined,
        // the pair page: 400 px down brings the tabs and 15 book rows into view (the same scroll without a book)
        scrollBy: v.screen === 'pair' && !naive ? 400 : 0,
      };
      const r = await measureStall(browser, server, 'ours', o.rate, o.throttle, o.durationS, o.warmupS, target);
      const label = `${v.screen} ${v.part}${indicators ? ` +${indicators}` : ''}`.padEnd(12);
      console.log(
        r.ok
          ? `[terminal] ${label} ${o.rate}/s ${o.throttle}×: long tasks ${r.longTasks.count} (${r.longTasks.totalMs} ms, max ${r.longTasks.maxMs}), frame gap p50/p99/max ${r.frameMs.p50}/${r.frameMs.p99}/${r.frameMs.max} ms, quiet busy ${r.quietBusy.taskMs} ms (${r.quietBusy.busyPct}%), book tick→paint p95 ${r.bookTickToPaintMs.p95} ms (${r.bookTickToPaintMs.samples}), worker ${r.worker.busyPct ?? '?'}%`
          : `[terminal] ${label}: FAILED ${r.error}`,
      );
      return { ...r, ...v, indicators };
    };
    // the smoke (BENCH_SMOKE=1), whose figures mean nothing, opens the screens two at a time (its
    // page loads are most of its time; more at once only stretch each, and an open page keeps taking
    // the feed's CPU); a measuring run one after another
    const together = process.env.BENCH_SMOKE === '1' ? 2 : 1;
    const variants = o.variants ?? VARIANTS;
    for (let i = 0; i < variants.length; i += together)
      runs.push(...(await Promise.all(variants.slice(i, i + together).map(measure))));
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
  return { runs, ratios: terminalRatios(runs), vsNaive: terminalVsNaive(runs) };
}
