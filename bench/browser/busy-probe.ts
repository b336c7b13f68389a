/**
 * Diagnosis, not a bench: main-thread busy time of page variants under the same feed, to see which
 * part of the stall page costs what. Each variant: load, warm up, frame loop off, then
 * TaskDuration over `--seconds`.
 *
 *   npx tsx bench/browser/busy-probe.ts [--rate=50000] [--throttle=4] [--seconds=15] [--variants=full,rows,chart,empty,baseline]
 */
import { openBenchPage, pageMetrics, round, sleep, summarize, withServerAndBrowser } from './harness';

function arg(name: string, def: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : def;
}

const VARIANTS: Record<string, string> = {
  full: 'browser/pages/app.html',
  rows: 'browser/pages/app.html?chart=0',
  /** rows without the bench's own row tracking (its MutationObserver): what measuring costs */
  untracked: 'browser/pages/app.html?chart=0&track=0',
  chart: 'browser/pages/app.html?rows=0',
  empty: 'browser/pages/app.html?rows=0&chart=0',
  baseline: 'baseline-page/index.html',
};

async function main(): Promise<void> {
  const rate = Number(arg('rate', '50000'));
  const throttle = Number(arg('throttle', '4'));
  const seconds = Number(arg('seconds', '15'));
  const variants = arg('variants', 'full,rows,chart,empty,baseline').split(',');
  await withServerAndBrowser('busy-probe', rate, async (server, browser) => {
    for (const v of variants) {
      const bp = await openBenchPage(browser, throttle);
      try {
        await bp.page.goto(`${server.origin}/h5/bench/${VARIANTS[v]}`, { waitUntil: 'load' });
        await sleep(6000);
        await bp.page.evaluate(() => {
          window.__bench.setFrameLoop(false);
          window.__bench.reset();
        });
        const m0 = await pageMetrics(bp);
        const t0 = Date.now();
        await sleep(seconds * 1000);
        const wall = Date.now() - t0;
        const m1 = await pageMetrics(bp);
        const r = await bp.page.evaluate(() => window.__bench.read());
        const d = (k: string) => ((m1[k] ?? 0) - (m0[k] ?? 0)) * 1000;
        const ttp = summarize(r.ttp);
        const ttw = summarize(r.ttw);
        console.log(
          `${v.padEnd(9)} busy ${round((d('TaskDuration') / wall) * 100)}%  script ${round((d('ScriptDuration') / wall) * 100)}%  layout ${round((d('LayoutDuration') / wall) * 100)}%  style ${round((d('RecalcStyleDuration') / wall) * 100)}%  ttp p50/p95 ${round(ttp.p50)}/${round(ttp.p95)} (${ttp.n}) tick→write ${round(ttw.p50)}/${round(ttw.p95)}  long ${r.longTasks.length} max ${round(Math.max(0, ...r.longTasks.map((x) => x.dur)))}`,
        );
      } finally {
        await bp.close();
      }
    }
  });
}

void main();
