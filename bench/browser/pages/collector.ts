/**
 * In-page measurement for the browser benches (bench-only; loaded by the bench pages, never by the
 * app). Exposes `window.__bench`:
 *  - long tasks (PerformanceObserver 'longtask'),
 *  - frame times (requestAnimationFrame deltas),
 *  - tick-to-paint: a MutationObserver sees a list row change, the page says which server `ts` that
 *    row now shows, and the time "after the next paint" (rAF, then a MessageChannel task) minus that
 *    `ts` is one sample (server and browser share this machine's clock); rows the market worker
 *    paints are measured the same way inside the worker (its rAF, then a task) and added here,
 *  - per-update chart time (the page wraps lightweight-charts' series `update`),
 *  - marks (first data, first chart paint…).
 * Node reads it with `page.evaluate(() => window.__bench.read())` and calls `reset()` to start a window.
 */

export interface BenchReadout {
  /** ms since the window started */
  windowMs: number;
  longTasks: { start: number; dur: number }[];
  frames: number[];
  ttp: number[];
  /** when each `ttp` sample was taken, ms since the window started (tick→paint over time) */
  ttpAt: number[];
  /** server `ts` → the DOM write that shows it (MutationObserver callback): tick→paint minus the frame */
  ttw: number[];
  chartUpdates: number[];
  /** book diff sent by the server (`data-book-ts`) → after the next paint that shows it */
  bookTtp: number[];
  /** when each `bookTtp` sample was taken, ms since the window started */
  bookTtpAt: number[];
  marks: Record<string, number>;
  /** row changes seen (DOM mutations that carried a new value) */
  rowPaints: number;
}

export interface BenchCollector {
  reset(): void;
  read(): BenchReadout;
  mark(name: string, t?: number): void;
  chartUpdate(ms: number): void;
  /**
   * The frame-time loop (a rAF every frame) makes the page render a frame 60 times a second even
   * when nothing changed, which at 4× costs ~15–20 % of the main thread on its own — for both
   * pages alike. Turn it off for a window that measures main-thread busy time.
   */
  setFrameLoop(on: boolean): void;
  /** tick→paint samples measured elsewhere (rows the worker paints: workers/paint/row-painter.ts) */
  addPaintSamples(latencyMs: readonly number[], paints: number): void;
  /** watch rows `[data-symbol]` under `root`; `tsOf(symbol, rowEl)` gives the server ts shown */
  trackRows(root: Node, tsOf: (symbol: string, row: Element) => number | undefined): void;
  /**
   * watch order books under `root`: each new `data-book-ts` (the server time of the newest diff
   * shown) is one sample after the next paint. Books the worker paints (`data-painted`) are not
   * watched here: their DOM rows are a low-rate mirror; their samples come from the worker.
   */
  trackBook(root: Node): void;
  /** book tick→paint samples measured in the worker (painted books: workers/paint/book-paints.ts) */
  addBookSamples(latencyMs: readonly number[]): void;
}

declare global {
  interface Window {
    __bench: BenchCollector;
  }
}

export function installCollector(): BenchCollector {
  if (window.__bench) return window.__bench;
  let t0 = performance.now();
  let longTasks: { start: number; dur: number }[] = [];
  let frames: number[] = [];
  let ttp: number[] = [];
  let ttpAt: number[] = [];
  let ttw: number[] = [];
  let chartUpdates: number[] = [];
  let bookTtp: number[] = [];
  let bookTtpAt: number[] = [];
  let rowPaints = 0;
  const marks: Record<string, number> = {};

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.startTime >= t0) longTasks.push({ start: e.startTime - t0, dur: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no longtask support: the node side reports it as missing */
  }

  let last = 0;
  let looping = true;
  const frame = (now: number) => {
    if (!looping) {
      last = 0;
      return;
    }
    if (last && now >= t0) frames.push(now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // Pending row values: symbol → server ts, resolved after the next paint.
  const pending = new Map<string, number>();
  let scheduled = false;
  const pendingBooks = new Set<number>();
  const mc = new MessageChannel();
  mc.port1.onmessage = () => {
    const now = performance.timeOrigin + performance.now();
    const at = performance.now() - t0;
    for (const ts of pending.values()) {
      ttp.push(now - ts);
      ttpAt.push(at);
    }
    for (const ts of pendingBooks) {
      bookTtp.push(now - ts);
      bookTtpAt.push(at);
    }
    pending.clear();
    pendingBooks.clear();
    scheduled = false;
  };
  const afterPaint = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => mc.port2.postMessage(0));
  };

  const c: BenchCollector = {
    reset() {
      t0 = performance.now();
      longTasks = [];
      frames = [];
      ttp = [];
      ttpAt = [];
      ttw = [];
      chartUpdates = [];
      bookTtp = [];
      bookTtpAt = [];
      rowPaints = 0;
    },
    read() {
      return {
        windowMs: performance.now() - t0,
        longTasks,
        frames,
        ttp,
        ttpAt,
        ttw,
        chartUpdates,
        bookTtp,
        bookTtpAt,
        marks: { ...marks },
        rowPaints,
      };
    },
    setFrameLoop(on) {
      if (on && !looping) {
        looping = true;
        requestAnimationFrame(frame);
      } else looping = on;
    },
    mark(name, t = performance.now()) {
      if (name in marks) return;
      marks[name] = t;
      // on the trace too, for the probe's `--cpu-from=bench:NAME`
      performance.mark(`bench:${name}`);
    },
    chartUpdate(ms) {
      chartUpdates.push(ms);
    },
    addBookSamples(latencyMs) {
      // the worker's samples arrive once a second: stamped with their arrival
      const at = performance.now() - t0;
      for (const x of latencyMs) {
        bookTtp.push(x);
        bookTtpAt.push(at);
      }
    },
    addPaintSamples(latencyMs, paints) {
      const at = performance.now() - t0;
      for (const x of latencyMs) {
        ttp.push(x);
        ttpAt.push(at);
      }
      rowPaints += paints;
    },
    trackRows(root, tsOf) {
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target.nodeType === Node.ELEMENT_NODE ? (r.target as Element) : r.target.parentElement;
          const row = el?.closest('[data-symbol]');
          const sym = row?.getAttribute('data-symbol');
          if (!row || !sym) continue;
          const ts = tsOf(sym, row);
          if (ts === undefined || !(ts > 0)) continue;
          rowPaints++;
          if (pending.get(sym) !== ts) ttw.push(performance.timeOrigin + performance.now() - ts);
          pending.set(sym, ts);
          afterPaint();
        }
      }).observe(root, {
        subtree: true,
        characterData: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-ts'],
      });
    },
    trackBook(root) {
      new MutationObserver((records) => {
        for (const r of records) {
          if ((r.target as Element).hasAttribute?.('data-painted')) continue;
          const ts = Number((r.target as Element).getAttribute?.('data-book-ts'));
          if (!(ts > 0)) continue;
          pendingBooks.add(ts);
          afterPaint();
        }
      }).observe(root, { subtree: true, attributes: true, attributeFilter: ['data-book-ts'] });
    },
  };
  window.__bench = c;
  return c;
}
