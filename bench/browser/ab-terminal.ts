/**
 * Diagnosis, not a bench: the terminal screen of two builds of the bench pages, interleaved on one
 * server and one browser (A B A B …), so a shared, loaded machine treats both alike. Build the
 * pages to compare first, e.g. the main branch's:
 *
 *   npx vite build -c bench/vite.bench.config.ts --base /h5/bench-before/ --outDir ../dist/bench-pages-before
 *
 * then (this build's pages are built as usual, into dist/bench-pages):
 *
 *   npx tsx bench/browser/ab-terminal.ts [--a=bench-before] [--b=bench] [--rounds=3] [--rate=50000] [--extra=2000]
 *        [--throttle=4] [--duration=10] [--part=book|trades|none] [--screen=pair|spot] [--ind=boll,macd]
 *
 * `--rate=5200 --extra=200` keeps one symbol's feed as at 50,000 ticks/s over 2,000 symbols
 * (BTC/USDT ~25 ticks/s) with a tenth of the server's work, for a machine where the server cannot
 * keep up. Prints each run (the stall bench's figures) and the B ÷ A ratio of quiet busy time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, round, serveOtherBuild, sleep, startServer } from './harness';
import { measureStall, type StallRun } from './stall';

function arg(name: string, def: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : def;
}

async function main(): Promise<void> {
  const a = arg('a', 'bench-before');
  const b = arg('b', 'bench');
  const rounds = Number(arg('rounds', '3'));
  const rate = Number(arg('rate', '50000'));
  const throttle = Number(arg('throttle', '4'));
  const durationS = Number(arg('duration', '10'));
  const part = arg('part', 'book');
  const screen = arg('screen', 'pair');
  // the chart's indicators, as the terminal bench's second level opens them: ready once their chips are pressed
  const ind = arg('ind', '');
  const chips = ind
    .split(',')
    .filter(Boolean)
    .map((n) => `:has([data-testid="ind-${n}"][aria-pressed="true"])`)
    .join('');
  // the A build is served beside the bench pages (servePages copies only dist/bench-pages)
  serveOtherBuild(a);
  const dataDir = arg('data-dir', '') || fs.mkdtempSync(path.join(os.tmpdir(), 'h5-ab-'));
  const server = await startServer({ tickRate: rate, dataDir, extraSymbols: Number(arg('extra', '2000')) });
  const browser = await launchBrowser();
  const runs: Record<string, StallRun[]> = { [a]: [], [b]: [] };
  try {
    await sleep(1500);
    for (let i = 0; i < rounds; i++) {
      for (const base of i % 2 ? [b, a] : [a, b]) {
        const target = {
          path: `/h5/${base}/browser/pages/app.html?mode=terminal&screen=${screen}&book=${part === 'none' ? 0 : 1}${ind ? `&ind=${ind}` : ''}`,
          readySelector: `body${part === 'none' ? '' : ':has([data-synced="true"])'}${chips}`,
          click: part === 'trades' ? 'tab-trades' : undefined,
          scrollBy: screen === 'pair' ? 400 : 0,
        };
        const r = await measureStall(browser, server, 'ours', rate, throttle, durationS, 3, target);
        runs[base].push(r);
        const load = os.loadavg()[0].toFixed(1);
        console.log(
          r.ok
            ? `${base.padEnd(13)} quiet busy ${r.quietBusy.taskMs} ms (${r.quietBusy.busyPct}%) script ${r.quietBusy.scriptMs}; with loop ${r.mainBusy.busyPct}% layout ${r.mainBusy.layoutMs} style ${r.mainBusy.styleMs}; long tasks ${r.longTasks.count} max ${r.longTasks.maxMs}; book p95 ${r.bookTickToPaintMs.p95} (${r.bookTickToPaintMs.samples}); load ${load}`
            : `${base}: FAILED ${r.error}`,
        );
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
  const sum = (xs: StallRun[], f: (r: StallRun) => number) => xs.filter((r) => r.ok).reduce((s, r) => s + f(r), 0);
  const qa = sum(runs[a], (r) => r.quietBusy.taskMs);
  const qb = sum(runs[b], (r) => r.quietBusy.taskMs);
  const med = (xs: StallRun[]) => {
    const v = xs
      .filter((r) => r.ok)
      .map((r) => r.quietBusy.taskMs)
      .sort((x, y) => x - y);
    return v.length ? v[Math.floor(v.length / 2)] : NaN;
  };
  console.log(
    `quiet busy ${b} ÷ ${a}: ${round(qb / qa, 3)} (sums ${round(qb)} / ${round(qa)} ms; medians ${round(med(runs[b]) / med(runs[a]), 3)}); long tasks ${sum(runs[b], (r) => r.longTasks.count)} vs ${sum(runs[a], (r) => r.longTasks.count)}`,
  );
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
