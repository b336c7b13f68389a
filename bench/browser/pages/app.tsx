/**
 * Bench-only page: the real Markets page (src/pages/market/market.tsx) with the real <KLineChart>
 * fixed at the bottom of the screen, both fed through the real src/market bridge and worker. Nothing
 * here changes app behaviour; it only observes:
 *  - rows the market worker paints (every browser that can transfer a canvas): the worker's own
 *    tick→paint samples (src/market/bridge `paintStats`), read every 250 ms; rows drawn as DOM
 *    text: a MutationObserver on `[data-symbol]` rows, the ts shown read from the market store,
 *  - chart: lightweight-charts' series `update`/`setData` are wrapped (prototype, bench-only) to time
 *    each chart update and to mark the first chart paint.
 * Modes (query string): `?mode=stall` (default), `?mode=history&symbol=…&bars=5000`,
 * `?mode=memory` (exposes `__benchOps.keepLive(symbols)`), `?mode=terminal&screen=pair|spot`
 * (the real pair page or spot trade screen for BTC/USDT, chart on 1min; `&book=0` leaves their book
 * and trades out — see switch/ and vite.bench.config.ts; `&ind=boll,macd` turns on those indicators,
 * the price pane's and the sub-pane's, as the trader's saved choice).
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd-mobile';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CandlestickSeries, createChart, HistogramSeries } from 'lightweight-charts';
import '../../../src/styles/tokens.css';
import '../../../src/styles/global.css';
import '../../../src/i18n';
import MarketPage from '../../../src/pages/market/market';
import DetailPage from '../../../src/pages/market/detail';
import SpotTradePage from '../../../src/pages/trade/index';
import { writeJson } from '../../../src/lib/storage';
import { KLineChart, pairChartHeight } from '../../../src/components/kline/KLineChart';
import { marketStore } from '../../../src/market';
import { fetchHistory, openWatch, paintStats } from '../../../src/market/bridge';
import { PAINTED_ROWS } from '../../../src/pages/market/RowFigures';
import { prepareSpareChart } from '../../../src/components/kline/spare';
import { spareChartAhead } from '../../../src/pages/market/spareAhead';
import { whenIdle } from '../../../src/lib/idle';
import { markFirstRender } from '../../../src/lib/firstPaint';
import { installCollector } from './collector';

const bench = installCollector();
const q = new URLSearchParams(location.search);
(globalThis as unknown as { __exp: string }).__exp = q.get('exp') ?? '';
const mode = q.get('mode') ?? 'stall';
const chartSymbol = q.get('symbol') ?? 'BTC/USDT';
const chartHeight = Number(q.get('chartHeight') ?? 300);
// Diagnosis only (bench/browser/busy-probe.ts): `?rows=0` / `?chart=0` leave a part out.
const showRows = q.get('rows') !== '0';
const showChart = q.get('chart') !== '0';

// The app's idle spare chart (src/components/kline/spare.ts), unless `warm=0`; its own setData is not
// the chart's first paint. `warm=app`: built the app's way instead, as Home and Markets ask for it
// (src/pages/market/spareAhead.ts: idle, seconds after the first paint, through the pair page's import).
let warming = false;
if (q.get('warm') === 'app') void spareChartAhead().then(() => bench.mark('chartWarm'));
else if (q.get('warm') !== '0')
  whenIdle(() => {
    warming = true;
    const done = prepareSpareChart().then(() => bench.mark('chartWarm'));
    warming = false;
    void done;
  }, 4000);

// ---- chart hooks: wrap the series prototype once (all series share it) ----
(function hookCharts() {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-1000px;top:0;width:50px;height:50px';
  document.body.appendChild(host);
  const c = createChart(host);
  const s = c.addSeries(CandlestickSeries);
  const proto = Object.getPrototypeOf(s) as {
    update: (...a: unknown[]) => unknown;
    setData: (...a: unknown[]) => unknown;
  };
  c.remove();
  host.remove();
  const update = proto.update;
  const setData = proto.setData;
  // One sample per chart redraw: the series updates since the last redraw (KLineChart updates the
  // candle and the volume series for each bar) plus the redraw itself — lightweight-charts draws in
  // a requestAnimationFrame callback it registers during update(); that callback is timed too. The
  // update calls alone take ~0.1 ms, Chromium's timer resolution here, so they read as noise.
  let pendingMs = 0;
  let capturing = false;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb: FrameRequestCallback): number =>
    capturing
      ? raf((t) => {
          const t0 = performance.now();
          try {
            cb(t);
          } finally {
            bench.chartUpdate(pendingMs + performance.now() - t0);
            pendingMs = 0;
          }
        })
      : raf(cb);
  proto.update = function (this: unknown, ...a: unknown[]) {
    const t = performance.now();
    capturing = true;
    try {
      return update.apply(this, a);
    } finally {
      capturing = false;
      pendingMs += performance.now() - t;
    }
  };
  proto.setData = function (this: unknown, ...a: unknown[]) {
    const r = setData.apply(this, a);
    const data = a[0] as unknown[];
    const marks = bench.read().marks;
    // in history mode only the chart mounted by __benchShowChart counts (not the app's spare)
    if (data.length > 0 && !warming && (mode !== 'history' || 'mount' in marks) && !('chartSetData' in marks)) {
      bench.mark('chartSetData');
      requestAnimationFrame(() => setTimeout(() => bench.mark('chartPaint'), 0));
    }
    return r;
  };
})();

// ---- rows: which server ts does a row show? the store's row for that symbol ----
if (q.get('track') !== '0') {
  if (PAINTED_ROWS)
    setInterval(() => {
      void paintStats().then((s) => {
        bench.addPaintSamples(s.latency, s.paints);
        bench.addBookSamples(s.book ?? []);
      });
    }, 1000);
  else bench.trackRows(document.getElementById('root') as HTMLElement, (sym) => marketStore.tickers[sym]?.ts);
}

function StallScreen() {
  return (
    <>
      {showRows && <MarketPage />}
      {showChart && (
        <div
          style={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 0,
            height: chartHeight,
            background: 'var(--bg, #fff)',
            zIndex: 50,
          }}
        >
          <KLineChart symbol={chartSymbol} period="1min" height={chartHeight} />
        </div>
      )}
    </>
  );
}

function HistoryScreen() {
  const [show, setShow] = useState(false);
  (window as unknown as { __benchShowChart: () => void }).__benchShowChart = () => {
    bench.mark('mount');
    setShow(true);
  };
  // The pair view's chart size, the one the app parks its spare chart at (src/components/kline/spare.ts).
  return show ? <KLineChart symbol={chartSymbol} period="1min" height={pairChartHeight()} /> : <div>waiting</div>;
}

/** Node drives these through page.evaluate. */
const ops = {
  /** Loads `bars` 1min bars into the worker's series as a chart scrolled back would: its default window, then page by page (≤1500 per request, newest first). */
  async prefetch(symbol: string, bars: number): Promise<{ ms: number; bars: number }> {
    // Scrolling back happens on a mounted chart, whose watch keeps the series wanted: without one,
    // the worker drops a series nobody charts whenever it resyncs its subscriptions (e.g. when the
    // socket connects mid-prefetch), and the pages loaded so far with it. Kept open for the page.
    openWatch({ symbols: [], chart: { symbol, period: '1min' } }, () => {});
    const t0 = performance.now();
    // The chart that scrolled back loaded its default window first.
    await fetchHistory(symbol, '1min');
    const end = Math.floor(Date.now() / 60_000) * 60;
    const from = end - (bars - 1) * 60;
    let to = end + 59;
    while (to > from) {
      const f = Math.max(from, to - 1500 * 60 + 1);
      await fetchHistory(symbol, '1min', { from: f, to });
      to = f - 1;
    }
    const all = await fetchHistory(symbol, '1min', { from, to: end + 59 });
    return { ms: performance.now() - t0, bars: all.time.length };
  },
  /** Keeps `symbols` live like a chart would (history + kline watch); resolves when all history is in. */
  async keepLive(symbols: string[]): Promise<number> {
    let n = 0;
    for (const symbol of symbols) {
      openWatch({ symbols: [], chart: { symbol, period: '1min' } }, () => {});
      const p = await fetchHistory(symbol, '1min');
      n += p.time.length;
    }
    return n;
  },
};
(window as unknown as { __benchOps: typeof ops }).__benchOps = ops;
// The bare library, for measuring what a chart costs without our component (diagnosis).
(window as unknown as { __lwc: unknown }).__lwc = { createChart, CandlestickSeries, HistogramSeries };

// The terminal screens as a trader opens them: the spot screen's chart panel open, both on 1min.
const screen = q.get('screen') === 'spot' ? 'spot' : 'pair';
if (mode === 'terminal') {
  writeJson('trade.chart', { open: true, period: '1min' });
  const ind = q.get('ind');
  if (ind) writeJson('chart.indicators', { main: ind.split(',')[0], sub: ind.split(',')[1] ?? 'none' });
  bench.trackBook(document.getElementById('root') as HTMLElement);
}
const routes =
  mode === 'terminal'
    ? [{ path: '/', element: screen === 'spot' ? <SpotTradePage /> : <DetailPage /> }]
    : [{ path: '/', element: mode === 'stall' ? <StallScreen /> : <HistoryScreen /> }];
const start = mode === 'terminal' ? `/?symbol=${encodeURIComponent(chartSymbol)}&period=1min` : '/';
const router = createMemoryRouter(routes, { initialEntries: [start] });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ConfigProvider>
      <RouterProvider router={router} />
    </ConfigProvider>
  </StrictMode>,
);
bench.mark('boot');
// the app's worker starts after its first paint (src/lib/firstPaint.ts): this page has painted
markFirstRender();
