/**
 * Baseline for the main-thread stall bench (bench-only, never shipped): what a straightforward app
 * does. socket.io-client lives on the main thread, subscribes to `tickers` and one kline channel,
 * and for every TickerUpdate in every batch calls the React setState of that symbol's row (rows
 * that are mounted; the rest go into a plain Map), and for every kline message calls the chart's
 * series.update. Same screen as the bench app page: a window-virtualised list of the listed pairs
 * (64 px rows, overscan 4) and a lightweight-charts candlestick + volume chart fixed at the bottom.
 *
 * Per-row state (rather than one top-level object copied per message) is the *kinder* naive
 * baseline: only mounted rows re-render. Tick-to-paint: each row carries `data-ts`, the server ts of
 * the value it shows.
 */
import { memo, StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { installCollector } from '../browser/pages/collector';
import { baselineChart } from './chart';

interface TickerUpdate {
  symbol: string;
  seq: number;
  ts: number;
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
}
interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}
interface KlineUpdate {
  symbol: string;
  period: string;
  seq: number;
  ts: number;
  candle: Candle;
}
interface Pair {
  symbol: string;
  last: string;
  open: string;
}

const bench = installCollector();
const q = new URLSearchParams(location.search);
const chartSymbol = q.get('symbol') ?? 'BTC/USDT';
const chartHeight = Number(q.get('chartHeight') ?? 300);
const ROW = 64;

const latest = new Map<string, TickerUpdate>();
const rowSetters = new Map<string, (u: TickerUpdate) => void>();
let onKline: ((u: KlineUpdate) => void) | null = null;

bench.trackRows(
  document.getElementById('root') as HTMLElement,
  (_sym, row) => Number(row.getAttribute('data-ts')) || undefined,
);

function pct(last: string, open: string): string {
  const o = Number(open);
  return o ? (((Number(last) - o) / o) * 100).toFixed(2) : '0.00';
}

const Row = memo(function Row({ pair }: { pair: Pair }) {
  const [t, setT] = useState<TickerUpdate | undefined>(() => latest.get(pair.symbol));
  useEffect(() => {
    rowSetters.set(pair.symbol, setT);
    return () => void rowSetters.delete(pair.symbol);
  }, [pair.symbol]);
  const last = t?.last ?? pair.last;
  const ch = pct(last, t?.open ?? pair.open);
  return (
    <button type="button" className="row" data-symbol={pair.symbol} data-ts={t?.ts ?? 0}>
      <span>{pair.symbol}</span>
      <span className="r">{last}</span>
      <span className={`r ${ch.startsWith('-') ? 'down' : 'up'}`}>{ch}%</span>
    </button>
  );
});

function List({ pairs }: { pairs: Pair[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const v = useWindowVirtualizer({ count: pairs.length, estimateSize: () => ROW, overscan: 4, scrollMargin: 121 });
  const items = v.getVirtualItems();
  return (
    <div ref={ref} style={{ height: v.getTotalSize(), position: 'relative' }}>
      <div
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: '100%',
          transform: `translateY(${(items[0]?.start ?? 0) - 121}px)`,
        }}
      >
        {items.map((i) => (
          <div key={pairs[i.index].symbol} style={{ height: ROW }}>
            <Row pair={pairs[i.index]} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Chart() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = baselineChart(box.current, chartSymbol, bench);
    onKline = (u) => chart.onKline(u.candle);
    return () => {
      onKline = null;
      chart.remove();
    };
  }, []);
  return (
    <div
      ref={box}
      style={{ position: 'fixed', left: 0, right: 0, bottom: 0, height: chartHeight, background: '#fff', zIndex: 50 }}
    />
  );
}

function App() {
  const [pairs, setPairs] = useState<Pair[]>([]);
  useEffect(() => {
    void fetch('/api/currency/quotation_new')
      .then((r) => r.json())
      .then((b: { message: { quotation: { symbol: string; now_price: string; open: string }[] }[] }) =>
        setPairs(
          b.message.flatMap((g) => g.quotation.map((r) => ({ symbol: r.symbol, last: r.now_price, open: r.open }))),
        ),
      );
  }, []);
  return (
    <>
      <div className="hdr">Markets (baseline)</div>
      <List pairs={pairs} />
      <Chart />
    </>
  );
}

const socket = io(location.origin, { transports: ['websocket', 'polling'] });
socket.on('connect', () => socket.emit('subscribe', { channels: ['tickers', `kline:${chartSymbol}:1min`] }));
const counter = window as unknown as { __benchTicks?: number };
// The wire carries each update as [symbol, seq, ts, last, open, high, low, volume] (server/market/wire.ts).
type TickerTuple = [string, number, number, string, string, string, string, string];
socket.on('tickers', (batch: TickerTuple[]) => {
  counter.__benchTicks = (counter.__benchTicks ?? 0) + batch.length;
  for (const [symbol, seq, ts, last, open, high, low, volume] of batch) {
    const u: TickerUpdate = { symbol, seq, ts, last, open, high, low, volume };
    latest.set(u.symbol, u);
    rowSetters.get(u.symbol)?.(u);
  }
});
socket.on('kline', (batch: KlineUpdate[]) => {
  for (const u of batch) onKline?.(u);
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
bench.mark('boot');
