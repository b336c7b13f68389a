/**
 * The trade screens' live last price and 24 h change pill (PairHeader). They follow the header's
 * watch (twice a second under a busy market): React renders them once per pair, language or
 * stale flip, and each ticker snapshot writes the text and classes <Num/> and <ChangePill/> would
 * render straight into the nodes (market/store `onRow`) — a React render and commit per snapshot
 * was most of the spot screen's header cost (terminal bench).
 */
import { useLayoutEffect, useRef } from 'react';
import { useStreamStale } from '../../../market';
import { marketStore, onRow } from '../../../market/store';
import type { TickerRow } from '../../../market/types';
import type { NumberMarks } from '../../../../core';
import { changeDir, numClass, numText } from '../../../components/Num';
import { pillClass } from '../../../components/market/ChangePill';
import { useNumberMarks } from '../../../components/number-marks';
import { putStale, putText } from '../../../lib/dom-text';
import type { PairState } from './usePair';
import styles from './components.module.css';

interface Shown {
  last: { text: string; cls: string };
  pill: string;
  change: { text: string; cls: string };
}

function shownOf(
  pair: PairState,
  row: TickerRow | undefined,
  dir: 0 | 1 | -1,
  stale: boolean,
  marks: NumberMarks,
): Shown {
  const last = row?.last ?? pair.quote?.last;
  const change = row?.changePct ?? pair.quote?.change ?? '0';
  const n = Number(change);
  const tone = n > 0 ? styles.up : n < 0 ? styles.down : '';
  return {
    last: {
      text: numText(last, 'price', pair.priceDecimals, marks),
      cls: numClass({ dir, stale, className: `${styles.pairLast} ${tone}` }),
    },
    pill: pillClass(change),
    change: { text: numText(change, 'percent', 4, marks), cls: numClass({ stale }) },
  };
}

export function PairPrice({ pair }: { pair: PairState }) {
  const marks = useNumberMarks();
  const staleNow = useStreamStale(pair.symbol);
  const lastEl = useRef<HTMLSpanElement>(null);
  const pillEl = useRef<HTMLSpanElement>(null);
  const changeEl = useRef<HTMLSpanElement>(null);
  // the tint's direction and the last price it came from, kept across renders
  const live = useRef<{ symbol: string; prev: string | undefined; dir: 0 | 1 | -1 }>({
    symbol: '',
    prev: undefined,
    dir: 0,
  });
  if (live.current.symbol !== pair.symbol)
    live.current = { symbol: pair.symbol, prev: marketStore.tickers[pair.symbol]?.last, dir: 0 };
  const shown = shownOf(pair, marketStore.tickers[pair.symbol], live.current.dir, staleNow, marks);

  const latest = useRef(pair);
  latest.current = pair;
  useLayoutEffect(() => {
    const l = live.current;
    return onRow(pair.symbol, (r, stale) => {
      const pair = latest.current;
      const last = r?.last;
      if (last !== l.prev) {
        const d = changeDir(l.prev, last);
        if (d !== 0) l.dir = d;
        l.prev = last;
      }
      const s = shownOf(pair, r, l.dir, stale, marks);
      putText(lastEl.current, s.last.text, s.last.cls);
      putStale(lastEl.current, stale);
      if (pillEl.current && pillEl.current.className !== s.pill) pillEl.current.className = s.pill;
      putText(changeEl.current, s.change.text, s.change.cls);
      putStale(changeEl.current, stale);
    });
    // the pair's object may be new with every parent render: follow what the figures depend on
  }, [pair.symbol, pair.priceDecimals, pair.quote, marks]);

  return (
    <div className={styles.pairPrice}>
      <span ref={lastEl} className={shown.last.cls} data-testid="pair-last" data-stale={staleNow || undefined}>
        {shown.last.text}
      </span>
      <span ref={pillEl} className={shown.pill} data-testid="change">
        <span ref={changeEl} className={shown.change.cls} data-stale={staleNow || undefined}>
          {shown.change.text}
        </span>
      </span>
    </div>
  );
}
