/**
 * Baseline for the terminal bench (bench-only, never shipped): the pair page as a straightforward
 * app builds it. socket.io-client on the main thread subscribes to the symbol's ticker, 1min kline,
 * `depth:` and `trades:` channels; the book is two Maps updated per diff, and after every message
 * the page sorts them, sums the running totals and calls setState with the top 15 rows a side
 * (decimal strings parsed with Number, as such apps do); every trades batch calls setState with the
 * newest 30. Chart: lightweight-charts, series.update per kline message. Same tick→paint probe as
 * ours: the book section carries `data-book-ts`, the server time of the newest diff it shows.
 * `&ind=boll,macd`: the chart draws those indicators, recomputed on this thread per kline message.
 */
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';
import type { Candle } from '../../core/types/market';
import { installCollector } from '../browser/pages/collector';
import { baselineChart } from './chart';

type Level = [string, string];
interface DepthMsg {
  kind: 'snapshot' | 'diff';
  symbol: string;
  ts?: number;
  bids: Level[];
  asks: Level[];
}
interface Print {
  seq: number;
  ts: number;
  price: string;
  qty: string;
  side: 'buy' | 'sell';
}
interface Row {
  price: string;
  qty: string;
  total: number;
}
interface BookState {
  ts: number;
  bids: Row[];
  asks: Row[];
}

const bench = installCollector();
const query = new URLSearchParams(location.search);
const symbol = query.get('symbol') ?? 'BTC/USDT';
/** `boll,macd`: the chart's indicators, computed on this thread (chart.ts) */
const ind = query.get('ind') ?? '';
const ROWS = 15;
const bids = new Map<string, string>();
const asks = new Map<string, string>();
let bookTs = 0;
let setBook: ((b: BookState) => void) | null = null;
let setTrades: ((t: Print[]) => void) | null = null;
let setLast: ((p: string) => void) | null = null;
let onKline: ((c: Candle) => void) | null = null;
let trades: Print[] = [];

function top(side: Map<string, string>, desc: boolean): Row[] {
  const sorted = [...side.entries()]
    .sort((a, b) => (desc ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])))
    .slice(0, ROWS);
  let total = 0;
  return sorted.map(([price, qty]) => ({ price, qty, total: (total += Number(qty)) }));
}

function Book() {
  const [b, set] = useState<BookState>({ ts: 0, bids: [], asks: [] });
  useEffect(() => {
    setBook = set;
    return () => void (setBook = null);
  }, []);
  const max = Math.max(b.bids.at(-1)?.total ?? 0, b.asks.at(-1)?.total ?? 0) || 1;
  const line = (r: Row, side: 'bid' | 'ask', i: number) => (
    <div
      key={i}
      className="line"
      style={{
        background: `linear-gradient(to left, ${side === 'bid' ? 'rgba(14,203,129,.15)' : 'rgba(246,70,93,.15)'} ${(r.total / max) * 100}%, transparent 0)`,
      }}
    >
      <span className={side}>{r.price}</span>
      <span className="r">{r.qty}</span>
      <span className="r">{r.total.toFixed(4)}</span>
    </div>
  );
  return (
    <section className="book" data-book-ts={b.ts}>
      {[...b.asks].reverse().map((r, i) => line(r, 'ask', i))}
      {b.bids.map((r, i) => line(r, 'bid', i))}
    </section>
  );
}

function Trades() {
  const [t, set] = useState<Print[]>([]);
  useEffect(() => {
    setTrades = set;
    return () => void (setTrades = null);
  }, []);
  return (
    <section className="trades">
      {t.map((p) => (
        <div key={p.seq} className="line">
          <span className={p.side === 'buy' ? 'bid' : 'ask'}>{p.price}</span>
          <span className="r">{p.qty}</span>
          <span className="r">{new Date(p.ts).toLocaleTimeString()}</span>
        </div>
      ))}
    </section>
  );
}

function Header() {
  const [last, set] = useState('');
  useEffect(() => {
    setLast = set;
    return () => void (setLast = null);
  }, []);
  return (
    <div className="hdr">
      {symbol} {last}
    </div>
  );
}

function Chart() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = baselineChart(box.current, symbol, bench, ind);
    onKline = chart.onKline;
    return () => {
      onKline = null;
      chart.remove();
    };
  }, []);
  return <div ref={box} style={{ height: 300 }} />;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Header />
    <Chart />
    <Book />
    <Trades />
  </StrictMode>,
);
bench.trackBook(document.getElementById('root') as HTMLElement);

const socket = io(location.origin, { transports: ['websocket', 'polling'] });
socket.on('connect', () =>
  socket.emit('subscribe', {
    channels: [`tickers:${symbol}`, `kline:${symbol}:1min`, `depth:${symbol}`, `trades:${symbol}`],
  }),
);
socket.on('tickers', (batch: [string, number, number, string][]) => {
  for (const t of batch) if (t[0] === symbol) setLast?.(t[3]);
});
socket.on('kline', (batch: { candle: Candle }[]) => {
  for (const u of batch) onKline?.(u.candle);
});
socket.on('depth', (msgs: DepthMsg[]) => {
  for (const m of msgs) {
    if (m.symbol !== symbol) continue;
    if (m.kind === 'snapshot') {
      bids.clear();
      asks.clear();
    }
    for (const [p, q] of m.bids)
      if (Number(q) === 0) bids.delete(p);
      else bids.set(p, q);
    for (const [p, q] of m.asks)
      if (Number(q) === 0) asks.delete(p);
      else asks.set(p, q);
    if (m.ts) bookTs = m.ts;
    setBook?.({ ts: bookTs, bids: top(bids, true), asks: top(asks, false) });
  }
});
socket.on('trades', (prints: Print[]) => {
  trades = [...prints.reverse(), ...trades].slice(0, 30);
  setTrades?.(trades);
});
bench.mark('boot');
