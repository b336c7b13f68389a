/**
 * History merge.
 *  (a) time to first chart paint for 5,000 candles: the worker's series for BTC/USDT 1min is filled
 *      with 5,000 bars through the real history path (the default window, then four ≤1,500-bar pages,
 *      as a chart scrolling back does) and kept live by a watch, then the real <KLineChart> is
 *      mounted; measured from mount to the first frame after setData
 *      (the chart's own history fetch from the worker, transfer, setData, paint). Warm (after the
 *      app's idle spare chart, which the chart adopts) and cold (a chart opened before it).
 *  (b) cold first paint of the chart's default window (≤1,500 bars), mount → paint, for reference.
 *  (c) memory per symbol kept live: N series (default window + a live kline subscription each),
 *      JS heap of main thread + worker after a forced GC, before and after, divided by N.
 * (a) and (b) read the real server's history: the harness starts it with
 * MARKET_BENCH_BACKFILL=BTC/USDT:6000 (6,000 backfilled 1min bars for that symbol; every other
 * symbol keeps the usual 300). No Playwright route there: any route on the context makes the market
 * worker's websocket fail over to long-polling, which measured something else (and added routing
 * latency to the chart's own default-window fetch inside "first paint").
 * (c) needs 1,500 bars for 50 synthetic symbols the server does not persist, so it alone keeps the
 * stub: /api/currency/new_timeshar answered by a Playwright route with seeded random-walk candles
 * in the server's format and its 1,500-bar cap.
 */
import type { BrowserContext } from 'playwright-core';
import {
  heaps,
  launchBrowser,
  openBenchPage,
  patience,
  round,
  settle,
  startServer,
  summarize,
} from './browser/harness';

export interface HistoryOptions {
  dataDir: string;
  throttles: number[];
  bars: number;
  /** symbols kept live for the memory figure */
  liveSymbols: number;
  repeats: number;
  /** symbols the server lists besides the usual ones (2,000) */
  extraSymbols?: number;
  /** the server's tick rate (2,000; the smoke shares the other parts' server) */
  tickRate?: number;
}

export interface FirstPaint {
  p50: number;
  min: number;
  max: number;
  samples: number[];
  bars: number;
  mountToSetDataP50: number;
  setDataToPaintP50: number;
}

export interface HistoryResult {
  throttle: number;
  prefetch: { ms: number; bars: number };
  /** after the app built its idle spare chart, which the chart adopts (src/components/kline/spare.ts) */
  firstPaint5k: FirstPaint;
  /** without it (`warm=0`): a chart opened before the app was ever idle */
  firstPaint5kCold: FirstPaint;
  coldDefaultWindow: { mountToPaintMs: number; mountToSetDataMs: number };
  memory: {
    symbols: number;
    barsEach: number;
    mainKBPerSymbol: number;
    workerKBPerSymbol: number | null;
    totalKBPerSymbol: number;
  };
  /** (a)/(b): new_timeshar answers from the real server (no route on those pages) */
  serverHistoryRequests: number;
  /** (c) only: new_timeshar answered by the bench stub */
  memoryStubbedRequests: number;
}

const MAX_BARS_PER_ANSWER = 1500;

/** Deterministic candles for [from, to] (seconds), 1min buckets, newest ≤1500 — the server's answer shape. */
function stubCandles(symbol: string, fromS: number, toS: number): unknown[] {
  const first = Math.ceil(fromS / 60) * 60;
  const last = Math.floor(toS / 60) * 60;
  const start = Math.max(first, last - (MAX_BARS_PER_ANSWER - 1) * 60);
  let h = 0;
  for (const c of symbol) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const out: unknown[] = [];
  for (let t = start; t <= last; t += 60) {
    // price from a hash of (symbol, t): stable across requests, so overlapping pages agree
    let x = (h ^ Math.imul(t / 60, 2654435761)) >>> 0;
    x = Math.imul(x ^ (x >>> 16), 2246822507) >>> 0;
    const base = 60000 + 2000 * Math.sin(t / 36000) + ((x % 1000) - 500) / 10;
    const o = base;
    const c = base + (((x >>> 10) % 200) - 100) / 10;
    out.push({
      time: t * 1000,
      open: o.toFixed(2),
      high: (Math.max(o, c) + 5).toFixed(2),
      low: (Math.min(o, c) - 5).toFixed(2),
      close: c.toFixed(2),
      volume: ((x % 10000) / 100).toFixed(4),
    });
  }
  return out;
}

async function stubHistory(ctx: BrowserContext): Promise<void> {
  await ctx.route('**/api/currency/new_timeshar?**', async (route) => {
    const u = new URL(route.request().url());
    const body = {
      code: 1,
      msg: 'ok',
      data: stubCandles(
        u.searchParams.get('symbol') ?? '',
        Number(u.searchParams.get('from')),
        Number(u.searchParams.get('to')),
      ),
    };
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

interface Ops {
  prefetch(symbol: string, bars: number): Promise<{ ms: number; bars: number }>;
  keepLive(symbols: string[]): Promise<number>;
}

export async function runHistory(o: HistoryOptions): Promise<HistoryResult[]> {
  const tickRate = o.tickRate ?? 2000;
  console.log(`[history] server at ${tickRate.toLocaleString('en-US')} ticks/s…`);
  const server = await startServer({ tickRate, dataDir: o.dataDir, extraSymbols: o.extraSymbols ?? 2000 });
  const browser = await launchBrowser();
  const out: HistoryResult[] = [];
  let stubbed = 0;
  let real = 0;
  try {
    for (const throttle of o.throttles) {
      const url = `${server.origin}/h5/bench/browser/pages/app.html?mode=history&symbol=${encodeURIComponent('BTC/USDT')}`;
      // (a), (b): no route on the context, only a listener
      const counting = async (ctx: BrowserContext) => {
        ctx.on('requestfinished', (r) => {
          if (r.url().includes('new_timeshar')) real++;
        });
      };
      const stubbing = async (ctx: BrowserContext) => {
        await stubHistory(ctx);
        ctx.on('requestfinished', (r) => {
          if (r.url().includes('new_timeshar')) stubbed++;
        });
      };

      // (a) 5,000 candles, repeated in fresh pages: warm (the page built the app's idle spare chart
      // first, as main.tsx does — a user opening a chart after the app has started) and
      // cold (`warm=0`: a chart opened before that, e.g. a deep link at launch).
      let prefetch = { ms: NaN, bars: 0 };
      const firstPaint = async (warm: boolean) => {
        const samples: number[] = [];
        const toSet: number[] = [];
        const setToPaint: number[] = [];
        // An attempt that stalls (someone's `npm run build` emptied dist/h5 under the open page, so
        // its worker or a chunk 404s) is abandoned after a minute and repeated, up to 3 times.
        for (let i = 0, failed = 0; i < o.repeats; i++) {
          const bp = await openBenchPage(browser, throttle, counting);
          try {
            await bp.page.goto(warm ? url : `${url}&warm=0`, { waitUntil: 'load' });
            await bp.page.waitForFunction(
              () => typeof (window as unknown as { __benchOps?: unknown }).__benchOps === 'object',
            );
            if (warm)
              await bp.page.waitForFunction(() => 'chartWarm' in window.__bench.read().marks, undefined, {
                timeout: patience(30_000),
              });
            prefetch = await withTimeout(
              bp.page.evaluate(([s, n]) => (window as unknown as { __benchOps: Ops }).__benchOps.prefetch(s, n), [
                'BTC/USDT',
                o.bars,
              ] as [string, number]),
              patience(60_000),
              'prefetch',
            );
            await settle(300);
            await bp.page.evaluate(() => (window as unknown as { __benchShowChart: () => void }).__benchShowChart());
            await bp.page.waitForFunction(() => 'chartPaint' in window.__bench.read().marks, undefined, {
              timeout: patience(60_000),
            });
            const m = await bp.page.evaluate(() => window.__bench.read().marks);
            samples.push(m.chartPaint - m.mount);
            toSet.push(m.chartSetData - m.mount);
            setToPaint.push(m.chartPaint - m.chartSetData);
          } catch (e) {
            if (++failed > 3) throw e;
            console.warn(`[history] attempt abandoned (${(e as Error).message}); repeating it`);
            i--;
          } finally {
            await bp.close();
          }
        }
        const s = summarize(samples);
        return {
          p50: round(s.p50),
          min: round(Math.min(...samples)),
          max: round(s.max),
          samples: samples.map((x) => round(x)),
          bars: prefetch.bars,
          mountToSetDataP50: round(summarize(toSet).p50),
          setDataToPaintP50: round(summarize(setToPaint).p50),
        };
      };
      const warmPaint = await firstPaint(true);
      const coldPaint = await firstPaint(false);

      // (b) cold default window
      const cold = { mountToPaintMs: NaN, mountToSetDataMs: NaN };
      {
        const bp = await openBenchPage(browser, throttle, counting);
        try {
          await bp.page.goto(url, { waitUntil: 'load' });
          await bp.page.waitForFunction(
            () => typeof (window as unknown as { __benchShowChart?: unknown }).__benchShowChart === 'function',
          );
          await settle(500);
          await bp.page.evaluate(() => (window as unknown as { __benchShowChart: () => void }).__benchShowChart());
          await bp.page.waitForFunction(() => 'chartPaint' in window.__bench.read().marks, undefined, {
            timeout: patience(60_000),
          });
          const m = await bp.page.evaluate(() => window.__bench.read().marks);
          cold.mountToPaintMs = round(m.chartPaint - m.mount);
          cold.mountToSetDataMs = round(m.chartSetData - m.mount);
        } finally {
          await bp.close();
        }
      }

      // (c) memory per symbol kept live
      let memory: HistoryResult['memory'] = {
        symbols: o.liveSymbols,
        barsEach: 0,
        mainKBPerSymbol: NaN,
        workerKBPerSymbol: null,
        totalKBPerSymbol: NaN,
      };
      {
        const bp = await openBenchPage(browser, throttle, stubbing);
        try {
          await bp.page.goto(`${server.origin}/h5/bench/browser/pages/app.html?mode=memory`, { waitUntil: 'load' });
          await bp.page.waitForFunction(
            () => typeof (window as unknown as { __benchOps?: unknown }).__benchOps === 'object',
          );
          // Start the worker with one series so the baseline includes the worker's own footprint.
          await bp.page.evaluate(() => (window as unknown as { __benchOps: Ops }).__benchOps.keepLive(['BTC/USDT']));
          await settle(1000);
          const h0 = await heaps(bp, true);
          const syms = Array.from({ length: o.liveSymbols }, (_, i) => `SYM${String(i + 1).padStart(4, '0')}/USDT`);
          const bars = await withTimeout(
            bp.page.evaluate((s) => (window as unknown as { __benchOps: Ops }).__benchOps.keepLive(s), syms),
            patience(120_000),
            'keepLive',
          );
          await settle(3000);
          const h1 = await heaps(bp, true);
          const mainKB = (h1.main - h0.main) / 1024 / o.liveSymbols;
          const workerKB =
            h1.worker !== null && h0.worker !== null ? (h1.worker - h0.worker) / 1024 / o.liveSymbols : null;
          memory = {
            symbols: o.liveSymbols,
            barsEach: Math.round(bars / o.liveSymbols),
            mainKBPerSymbol: round(mainKB),
            workerKBPerSymbol: workerKB === null ? null : round(workerKB),
            totalKBPerSymbol: round(mainKB + (workerKB ?? 0)),
          };
        } finally {
          await bp.close();
        }
      }

      const r: HistoryResult = {
        throttle,
        prefetch: { ms: round(prefetch.ms), bars: prefetch.bars },
        firstPaint5k: warmPaint,
        firstPaint5kCold: coldPaint,
        coldDefaultWindow: cold,
        memory,
        serverHistoryRequests: real,
        memoryStubbedRequests: stubbed,
      };
      out.push(r);
      console.log(
        `[history] ${throttle}×: first paint of ${prefetch.bars} candles p50 ${r.firstPaint5k.p50} ms warm, ${r.firstPaint5kCold.p50} ms cold (prefetch ${r.prefetch.ms} ms); cold default window ${cold.mountToPaintMs} ms; ${memory.totalKBPerSymbol} KB per live symbol (main ${memory.mainKBPerSymbol}, worker ${memory.workerKBPerSymbol})`,
      );
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
  if (!stubbed) console.warn('[history] the memory part’s history stub saw no request');
  return out;
}
