/**
 * Diagnosis, not a bench: which React components render while a terminal screen follows the
 * market, and what the DOM writes are. A stand-in for React DevTools' hook counts, per commit, the
 * components that rendered in it (a fiber new to this commit that performed work) and names the
 * roots of each render (a rendered component whose parent did not render); a MutationObserver
 * counts DOM changes by node. "No React render per snapshot" reads as 0 commits.
 *
 *   npx tsx bench/browser/render-probe.ts [--screen=spot|pair] [--part=book|trades] [--base=bench] [--seconds=10] [--throttle=4]
 *
 * One symbol's feed as at 50,000 ticks/s with a tenth of the server's work (`--rate=5200 --extra=200`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, launchBrowser, openBenchPage, sleep, startServer } from './harness';

interface Fiber {
  tag: number;
  flags: number;
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
}
type Probe = { counting: boolean; commits: number; renders: Record<string, number>; muts: Record<string, number> };

/** Runs in the page before React loads: a DevTools hook that counts what each commit rendered. */
function installHook(): void {
  const COMPOSITE = new Set([0, 1, 11, 14, 15]);
  const probe: Probe = { counting: false, commits: 0, renders: {}, muts: {} };
  (window as unknown as { __probe: Probe }).__probe = probe;
  const nameOf = (f: Fiber): string => {
    const t = f.type as { displayName?: string; name?: string; type?: { name?: string }; render?: { name?: string } };
    return t?.displayName || t?.name || t?.type?.name || t?.render?.name || `tag${f.tag}`;
  };
  let prev = new WeakSet<Fiber>();
  const did = new WeakSet<Fiber>();
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      if (!probe.counting) return;
      probe.commits++;
      const cur = new WeakSet<Fiber>();
      const walk = (first: Fiber | null) => {
        for (let c = first; c; c = c.sibling) {
          cur.add(c);
          // a fiber left from an earlier commit keeps its flags: only one new to this commit counts
          if (!prev.has(c) && c.flags & 1 && COMPOSITE.has(c.tag)) {
            did.add(c);
            const n = nameOf(c);
            probe.renders[n] = (probe.renders[n] ?? 0) + 1;
            let p = c.return;
            while (p && !COMPOSITE.has(p.tag)) p = p.return;
            if (!p || !did.has(p)) {
              const k = `root: ${n} < ${p ? nameOf(p) : '-'}`;
              probe.renders[k] = (probe.renders[k] ?? 0) + 1;
            }
          }
          walk(c.child);
        }
      };
      walk(root.current.child);
      prev = cur;
    },
  };
}

/** Counts DOM changes by kind and node (its test id or first class, and two ancestors). */
function observeDom(): void {
  const probe = (window as unknown as { __probe: Probe }).__probe;
  const key = (n: Node): string => {
    let e: Element | null = n instanceof Element ? n : n.parentElement;
    const at: string[] = [];
    for (; e && at.length < 3; e = e.parentElement)
      at.push(
        e.getAttribute('data-testid') || (typeof e.className === 'string' && e.className.split(' ')[0]) || e.tagName,
      );
    return at.join(' < ');
  };
  new MutationObserver((rs) => {
    for (const r of rs) {
      const k = `${r.type}${r.type === 'attributes' ? ` ${r.attributeName}` : ''}: ${key(r.target)}`;
      probe.muts[k] = (probe.muts[k] ?? 0) + 1;
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  probe.counting = true;
}

async function main(): Promise<void> {
  const screen = arg('screen', 'spot');
  const part = arg('part', screen === 'spot' ? 'book' : 'trades');
  const base = arg('base', 'bench');
  const seconds = Number(arg('seconds', '10'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-render-probe-'));
  const server = await startServer({
    tickRate: Number(arg('rate', '5200')),
    dataDir,
    extraSymbols: Number(arg('extra', '200')),
  });
  const browser = await launchBrowser();
  try {
    const bp = await openBenchPage(browser, Number(arg('throttle', '4')), async (ctx) => {
      // tsx names functions through a helper the page does not have
      await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
      await ctx.addInitScript(installHook);
    });
    await bp.page.goto(`${server.origin}/h5/${base}/browser/pages/app.html?mode=terminal&screen=${screen}&book=1`, {
      waitUntil: 'load',
      timeout: 120_000,
    });
    await bp.page.waitForSelector('[data-synced="true"]', { timeout: 120_000 });
    if (part === 'trades') await bp.page.getByTestId('tab-trades').click();
    await sleep(5000);
    await bp.page.evaluate(observeDom);
    await sleep(seconds * 1000);
    const p = await bp.page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
    const top = (m: Record<string, number>) =>
      Object.entries(m)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 30)
        .map(([k, v]) => `${String(v).padStart(6)}  ${k}`)
        .join('\n');
    console.log(
      `## ${screen} ${part} (${base}): ${p.commits} React commits in ${seconds} s; load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(`\n## components rendered (and the roots of each render)\n${top(p.renders) || '(none)'}`);
    console.log(`\n## DOM changes\n${top(p.muts)}`);
    await bp.close();
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
