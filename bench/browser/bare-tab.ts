/**
 * A tab driven over bare CDP, out of Playwright's reach, for measurements that an attached
 * DevTools would perturb (the soak). Playwright enables Runtime and Network on every page and
 * worker it attaches; DevTools' Network agent then keeps a record of each request (in the app's
 * market worker 144 B per history fetch, which the soak read as heap growth). This tab lives in a
 * browser context Playwright does not know (Playwright detaches from those) and enables no domain:
 * navigation, evaluation, the CPU throttle, forced GC and heap usage need none.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { patience, servePages, sleep } from './harness';

type Params = Record<string, unknown>;
interface Message {
  id?: number;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
}

/** One CDP session; a child's messages travel inside its parent's Target.sendMessageToTarget. */
class Session {
  readonly children = new Map<string, Session>();
  private nextId = 1;
  private readonly waits = new Map<number, { res: (v: Params) => void; rej: (e: Error) => void }>();
  private readonly listeners: Array<(method: string, params: Params) => void> = [];

  constructor(private readonly raw: (message: Message) => Promise<Params | void>) {}

  /** A session whose replies come back through `receive` (a child), or straight from `raw` (the root). */
  send(method: string, params: Params = {}): Promise<Params> {
    const id = this.nextId++;
    return new Promise<Params>((res, rej) => {
      const timer = setTimeout(() => {
        this.waits.delete(id);
        rej(new Error(`${method}: no answer`));
      }, patience(60_000));
      const done = {
        res: (v: Params) => (clearTimeout(timer), res(v)),
        rej: (e: Error) => (clearTimeout(timer), rej(e)),
      };
      this.waits.set(id, done);
      this.raw({ id, method, params }).then(
        (v) => {
          if (!v) return; // a child's answer arrives as a message
          this.waits.delete(id);
          done.res(v);
        },
        (e: Error) => {
          this.waits.delete(id);
          done.rej(e);
        },
      );
    });
  }

  /** calls `cb` with each event; returns the call that stops it */
  on(cb: (method: string, params: Params) => void): () => void {
    this.listeners.push(cb);
    return () => {
      const i = this.listeners.indexOf(cb);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  event(method: string, params: Params): void {
    if (method === 'Target.receivedMessageFromTarget')
      this.children.get(params.sessionId as string)?.receive(JSON.parse(params.message as string) as Message);
    if (method === 'Target.detachedFromTarget') this.children.delete(params.sessionId as string);
    for (const l of this.listeners) l(method, params);
  }

  receive(m: Message): void {
    if (m.id === undefined) {
      if (m.method) this.event(m.method, m.params ?? {});
      return;
    }
    const w = this.waits.get(m.id);
    if (!w) return;
    this.waits.delete(m.id);
    if (m.error) w.rej(new Error(m.error.message));
    else w.res(m.result ?? {});
  }

  /** attach a child session (non-flattened: its traffic is wrapped in this session's Target.* messages) */
  child(sessionId: string): Session {
    const s = new Session(async (m) => {
      await this.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify(m) });
    });
    this.children.set(sessionId, s);
    return s;
  }
}

function rootSession(cdp: CDPSession): Session {
  const send = cdp.send.bind(cdp) as (method: string, params?: Params) => Promise<Params>;
  const root = new Session((m) => send(m.method ?? '', m.params));
  cdp.on('Target.receivedMessageFromTarget', (p) => root.event('Target.receivedMessageFromTarget', p));
  cdp.on('Target.detachedFromTarget', (p) => root.event('Target.detachedFromTarget', p));
  return root;
}

export interface BareHeaps {
  /** JS heap used, bytes: the page's main thread, and its dedicated workers summed (null: none) */
  main: number;
  worker: number | null;
  workers: number;
}

export interface BareTab {
  goto(url: string): Promise<void>;
  /** the value of a JavaScript expression in the page (promises awaited), by value */
  evaluate<T>(expression: string): Promise<T>;
  waitFor(expression: string, timeoutMs: number): Promise<void>;
  /** a full GC on the page and each worker, then each one's used heap (the same steps every sample) */
  heaps(): Promise<BareHeaps>;
  /** a heap snapshot (.heapsnapshot JSON) of the page's main thread, or of its first worker (null: none) */
  snapshot(thread: 'main' | 'worker'): Promise<string | null>;
  close(): Promise<void>;
}

/** HeapProfiler.takeHeapSnapshot (it runs a GC first): the chunks it streams, joined. */
async function snapshotOf(s: Session): Promise<string> {
  const chunks: string[] = [];
  const off = s.on((method, p) => {
    if (method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(p.chunk as string);
  });
  try {
    await s.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    off();
  }
  return chunks.join('');
}

async function evaluateIn<T>(s: Session, expression: string): Promise<T> {
  const r = (await s.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
    result?: { value?: T };
    exceptionDetails?: { text: string; exception?: { description?: string } };
  };
  if (r.exceptionDetails)
    throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? 'evaluation failed');
  return r.result?.value as T;
}

async function heapsOf(page: Session, workers: Map<string, Session>): Promise<BareHeaps> {
  // GC each thread first, twice (the second frees what the first's weak callbacks released), then
  // read: a thread's figure is its live heap, not how long ago its last GC ran
  for (let i = 0; i < 2; i++) {
    await page.send('HeapProfiler.collectGarbage');
    for (const w of workers.values()) await w.send('HeapProfiler.collectGarbage').catch(() => null); // ended
  }
  const used = async (t: Session) => ((await t.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  const main = await used(page);
  let worker: number | null = null;
  for (const w of workers.values()) {
    const u = await used(w).catch(() => null); // a worker that just ended
    if (u !== null) worker = (worker ?? 0) + u;
  }
  return { main, worker, workers: workers.size };
}

/** A 390 × 844 tab in a browser context of its own, at `throttle`× CPU, its workers attached bare. */
export async function openBareTab(browser: Browser, throttle: number): Promise<BareTab> {
  servePages();
  const cdp = await browser.newBrowserCDPSession();
  const root = rootSession(cdp);
  const { browserContextId } = (await root.send('Target.createBrowserContext', { disposeOnDetach: true })) as {
    browserContextId: string;
  };
  const { targetId } = (await root.send('Target.createTarget', { url: 'about:blank', browserContextId })) as {
    targetId: string;
  };
  const { sessionId } = (await root.send('Target.attachToTarget', { targetId, flatten: false })) as {
    sessionId: string;
  };
  const page = root.child(sessionId);
  const workers = new Map<string, Session>();
  page.on((method, p) => {
    const info = p.targetInfo as { type?: string } | undefined;
    if (method === 'Target.attachedToTarget' && info?.type === 'worker')
      workers.set(p.sessionId as string, page.child(p.sessionId as string));
    if (method === 'Target.detachedFromTarget') workers.delete(p.sessionId as string);
  });
  await page.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 390,
    height: 844,
    deviceScaleFactor: 1,
    mobile: false,
  });
  if (throttle > 1) await page.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const tab: BareTab = {
    async goto(url) {
      await page.send('Page.navigate', { url });
      await tab.waitFor(`document.readyState === 'complete' && location.href === ${JSON.stringify(url)}`, 90_000);
    },
    evaluate: (expression) => evaluateIn(page, expression),
    async waitFor(expression, timeoutMs) {
      const end = Date.now() + patience(timeoutMs);
      while (!(await evaluateIn<boolean>(page, `!!(${expression})`).catch(() => false))) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
        await sleep(200);
      }
    },
    heaps: () => heapsOf(page, workers),
    async snapshot(thread) {
      const w = workers.values().next();
      if (thread === 'main') return snapshotOf(page);
      return w.done ? null : snapshotOf(w.value);
    },
    async close() {
      await root.send('Target.closeTarget', { targetId }).catch(() => null);
      await root.send('Target.disposeBrowserContext', { browserContextId }).catch(() => null);
      await cdp.detach().catch(() => {});
    },
  };
  return tab;
}
