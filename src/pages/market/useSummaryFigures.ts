import { useLayoutEffect, useRef } from 'react';
import { marketStore, onRow } from '../../market/store';
import type { TickerRow } from '../../market/types';
import type { NumberMarks } from '../../../core';
import type { Quote } from '../../api/market';
import { changeDir, numClass, numText } from '../../components/Num';
import { figuresOf, turnover } from './sort';
import { putStale, putText } from '../../lib/dom-text';
import styles from './detail.module.css';

/**
 * How often the header's last price and today's change follow the ticker: twice a second moves
 * with the market faster than a price can be read (Binance's app moves its header about once a
 * second); the book and trades under the chart are painted by the worker at their own rate. Each
 * header update is a frame (style, layout, paint, commit) on the main thread: at four a second
 * they were the largest share of the pair page's frames under a tick storm (terminal bench
 * profile), at ten a second before that.
 */
export const SUMMARY_MS = 500;

/**
 * The 24 h high, low, volume and turnover, once a second as the exchanges' 24 h ticker streams
 * send them: the volume moves with every trade. Written with a header update (no timer of its
 * own, which would be a frame of its own), or by a timer once the stream went quiet.
 */
const DAY_STATS_MS = 1000;
/** the quiet-stream timer: later than a header period, so a live header update takes the day's figures first */
const DAY_LATE_MS = DAY_STATS_MS + SUMMARY_MS + 100;

export type Shown = { text: string; cls: string };

/** The last price and today's change for a row (the REST quote before the first one), as <Num/> would render them. */
function headOf(
  quote: Quote,
  row: TickerRow | undefined,
  dir: 0 | 1 | -1,
  stale: boolean,
  marks: NumberMarks,
): { last: Shown; change: Shown } {
  const f = figuresOf(quote, row);
  const n = Number(f.changePct);
  const tone = n > 0 ? styles.up : n < 0 ? styles.down : styles.flat;
  return {
    last: {
      text: numText(f.last, 'price', quote.price_decimals, marks),
      cls: numClass({ dir, stale, className: `${styles.price} ${tone}` }),
    },
    change: { text: numText(f.changePct, 'percent', 4, marks), cls: numClass({ sign: Math.sign(n), stale }) },
  };
}

/** The 24 h high, low, volume and turnover (formatting a compact figure is the costly part: only when they are taken). */
function dayOf(quote: Quote, dayRow: TickerRow | undefined, stale: boolean, marks: NumberMarks): Shown[] {
  const d = figuresOf(quote, dayRow);
  const plain = numClass({ stale });
  return [
    { text: numText(dayRow?.high ?? quote.high, 'price', quote.price_decimals, marks), cls: plain },
    { text: numText(dayRow?.low ?? quote.low, 'price', quote.price_decimals, marks), cls: plain },
    { text: numText(d.volume, 'compact', 4, marks), cls: plain },
    { text: numText(turnover(d), 'compact', 4, marks), cls: plain },
  ];
}

/**
 * The header's figures as a render shows them, and the nodes they live in: after the render the
 * store's row listener writes each ticker snapshot straight into those nodes (no React render per
 * tick). The day's four cells take a copy of the row once a second, or after a quiet spell.
 */
export function useSummaryFigures(quote: Quote, staleNow: boolean, marks: NumberMarks) {
  const last = useRef<HTMLSpanElement>(null);
  const change = useRef<HTMLSpanElement>(null);
  const day = [
    useRef<HTMLSpanElement>(null),
    useRef<HTMLSpanElement>(null),
    useRef<HTMLSpanElement>(null),
    useRef<HTMLSpanElement>(null),
  ];
  // what the listener last wrote, kept across renders: a render shows the same, so React and the
  // listener never disagree about a node
  const live = useRef<{
    symbol: string;
    prev: string | undefined;
    dir: 0 | 1 | -1;
    dayRow: TickerRow | undefined;
    dayAt: number;
  }>({ symbol: '', prev: undefined, dir: 0, dayRow: undefined, dayAt: 0 });
  if (live.current.symbol !== quote.symbol) {
    const r = marketStore.tickers[quote.symbol];
    live.current = { symbol: quote.symbol, prev: r?.last, dir: 0, dayRow: r && { ...r }, dayAt: Date.now() };
  }
  const row = marketStore.tickers[quote.symbol];
  const shown = {
    ...headOf(quote, row, live.current.dir, staleNow, marks),
    day: dayOf(quote, live.current.dayRow, staleNow, marks),
  };
  useLayoutEffect(() => {
    const l = live.current;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // the stale flag the day's cells were last written with (null: not written since this effect began)
    let dayStale: boolean | null = null;
    const write = (r: TickerRow | undefined, stale: boolean, now: number) => {
      const last = r?.last;
      if (last !== l.prev) {
        const d = changeDir(l.prev, last);
        if (d !== 0) l.dir = d;
        l.prev = last;
      }
      // rows are updated in place: the day's figures keep a copy of what they show
      const dayDue = r !== undefined && now - l.dayAt >= DAY_STATS_MS;
      if (dayDue) {
        l.dayRow = { ...r };
        l.dayAt = now;
      }
      const s = headOf(quote, r, l.dir, stale, marks);
      putText(lastEl.current, s.last.text, s.last.cls);
      putText(changeEl.current, s.change.text, s.change.cls);
      putStale(lastEl.current, stale);
      putStale(changeEl.current, stale);
      if (dayDue || dayStale !== stale) {
        dayStale = stale;
        dayOf(quote, l.dayRow, stale, marks).forEach((x, i) => {
          putText(dayEls[i].current, x.text, x.cls);
          putStale(dayEls[i].current, stale);
        });
      }
      // a newer row held back: a quiet stream still shows its last tick (a live one writes it first)
      if (timer !== null) clearTimeout(timer);
      timer =
        r && !dayDue
          ? setTimeout(
              () => write(marketStore.tickers[quote.symbol], marketStore.stale[quote.symbol] === true, Date.now()),
              DAY_LATE_MS,
            )
          : null;
    };
    const lastEl = last;
    const changeEl = change;
    const dayEls = day;
    const off = onRow(quote.symbol, (r, stale) => write(r, stale, Date.now()));
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
    // the refs are stable; a new pair or language writes with the new formatting
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote, marks]);
  return { refs: { last, change, day }, shown };
}
