/**
 * Diagnosis, not a bench: which work makes the stall page's long tasks. Runs the stall page under
 * the feed with the frame loop on, traces the renderer's main thread and prints every task over
 * 50 ms with the events inside it that took the most time.
 *
 *   npx tsx bench/browser/longtask-probe.ts [--rate=50000] [--throttle=4] [--seconds=20] [--query=?rows=0] [--tree=1]
 *        [--extra=2000] [--data-dir=DIR] [--scroll=400] [--ready='[data-synced="true"]'] [--late-throttle=1]
 *
 * The terminal's pair page as the terminal bench opens it: `--query='?mode=terminal&screen=pair'
 * --scroll=400 --ready='[data-synced="true"]'` (`--extra=200 --rate=5200` on a loaded machine, as
 * ab-terminal; `--data-dir` reuses a server data dir, whose first start backfills).
 * `--tree=1` prints each long task's events as a tree (events over 1 ms, indented by nesting).
 * `--js=1` also samples V8 in the trace and prints each long task's JavaScript per function (self,
 * inclusive) and its commonest stacks (trace-js.ts; `BENCH_MINIFY=0` pages for readable names).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  arg,
  launchBrowser,
  openBenchPage,
  printTree,
  scrollScrollers,
  sleep,
  startServer,
  type TraceEvent,
} from './harness';
import { jsInTask, jsSamples } from './trace-js';

/** Layout's begin data as Chromium traces it: how much of the tree was dirty. */
interface LayoutBegin {
  dirtyObjects?: number;
  totalObjects?: number;
  partialLayout?: boolean;
}

async function main(): Promise<void> {
  const rate = Number(arg('rate', '50000'));
  const throttle = Number(arg('throttle', '4'));
  const seconds = Number(arg('seconds', '20'));
  const given = arg('data-dir', '');
  const dataDir = given || fs.mkdtempSync(path.join(os.tmpdir(), 'longtask-probe-'));
  const server = await startServer({ tickRate: rate, dataDir, extraSymbols: Number(arg('extra', '2000')) });
  const browser = await launchBrowser();
  try {
    await sleep(1500);
    // --late-throttle=1: load unthrottled, throttle once ready (a 6× page load on a loaded machine times out)
    const late = arg('late-throttle', '0') === '1';
    const bp = await openBenchPage(browser, late ? 1 : throttle);
    await bp.page.goto(`${server.origin}/h5/bench/browser/pages/app.html${arg('query', '')}`, {
      waitUntil: 'load',
      timeout: 120_000,
    });
    const ready = arg('ready', '');
    if (ready) await bp.page.waitForSelector(ready, { timeout: 120_000, state: 'attached' });
    if (late) await bp.cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await scrollScrollers(bp.page, Number(arg('scroll', '0')));
    await sleep(6000);
    const js = arg('js', '0') === '1';
    const events: TraceEvent[] = [];
    bp.cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => bp.cdp.once('Tracing.tracingComplete', () => r()));
    await bp.cdp.send('Tracing.start', {
      categories: `devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink,cc,gpu,v8${js ? ',disabled-by-default-v8.cpu_profiler' : ''}`,
      transferMode: 'ReportEvents',
    });
    await sleep(seconds * 1000);
    await bp.cdp.send('Tracing.end');
    await done;
    // --save=FILE: the raw trace, to read again without another run
    const save = arg('save', '');
    if (save) fs.writeFileSync(save, JSON.stringify(events));
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
    console.log(`${tasks.length} tasks over 50 ms in ${seconds} s`);
    const samples = js && main ? jsSamples(events, main.pid, main.tid) : [];
    for (const t of tasks) {
      const inner = onMain.filter(
        (e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 3000,
      );
      inner.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
      const layout = inner.find((e) => e.name === 'Layout');
      const begin = (layout?.args as { beginData?: LayoutBegin } | undefined)?.beginData;
      if (begin)
        console.log(
          `  layout: ${begin.dirtyObjects ?? '?'} of ${begin.totalObjects ?? '?'} objects dirty${begin.partialLayout ? ' (partial)' : ''}`,
        );
      if (arg('tree', '0') === '1') printTree(onMain, t);
      console.log(
        `- ${((t.dur ?? 0) / 1000).toFixed(1)} ms: ${inner
          .slice(0, 8)
          .map(
            (e) =>
              `${e.name}${typeof e.args?.data?.functionName === 'string' ? `(${e.args.data.functionName})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`,
          )
          .join(', ')}`,
      );
      if (js) console.log(jsInTask(samples, t).join('\n'));
    }
    await bp.close();
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
