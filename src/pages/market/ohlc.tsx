/**
 * The pair chart's readout: the time, open, high, low, close and volume of the bar under the
 * crosshair (the newest when nothing is hovered). It follows every chart update (once a second) and
 * every crosshair move: React renders it once per pair, language or period, and each new bar writes
 * the text and classes <Num/> would render straight into its nodes — a React render and commit per
 * chart update otherwise (terminal bench).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from 'valtio';
import type { ChartBar } from '../../market/types';
import type { NumberMarks } from '../../../core';
import { numClass, numText } from '../../components/Num';
import { useNumberMarks } from '../../components/number-marks';
import { putText } from '../../lib/dom-text';
import styles from './detail.module.css';

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
function barTime(sec: number): string {
  const d = new Date(sec * 1000);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const FIELDS = ['volume', 'open', 'high', 'low', 'close'] as const;

interface Shown {
  up: boolean;
  time: string;
  cells: { text: string; cls: string }[];
}

function shownOf(bar: ChartBar | null, decimals: number, marks: NumberMarks): Shown {
  const tone = bar ? (bar.close > bar.open ? styles.up : bar.close < bar.open ? styles.down : '') : '';
  return {
    up: bar ? bar.close >= bar.open : true,
    time: bar ? barTime(bar.time) : '--',
    cells: FIELDS.map((k) =>
      k === 'volume'
        ? { text: numText(bar?.volume, 'compact', decimals, marks), cls: numClass({}) }
        : { text: numText(bar?.[k], 'price', decimals, marks), cls: numClass({ className: tone }) },
    ),
  };
}

export function Ohlc({ store, decimals }: { store: { bar: ChartBar | null }; decimals: number }) {
  const { t } = useTranslation();
  const marks = useNumberMarks();
  const box = useRef<HTMLDivElement>(null);
  const time = useRef<HTMLSpanElement>(null);
  const refs: RefObject<HTMLSpanElement | null>[] = [
    useRef(null),
    useRef(null),
    useRef(null),
    useRef(null),
    useRef(null),
  ];
  const cellRefs = useRef(refs);
  // a render shows the bar the store holds now, so React and the writes below never disagree
  const shown = shownOf(store.bar, decimals, marks);

  useLayoutEffect(() => {
    const write = () => {
      const s = shownOf(store.bar, decimals, marks);
      const up = String(s.up);
      if (box.current && box.current.getAttribute('data-up') !== up) box.current.setAttribute('data-up', up);
      putText(time.current, s.time);
      s.cells.forEach((c, i) => putText(cellRefs.current[i].current, c.text, c.cls));
    };
    write();
    return subscribe(store, write, true);
  }, [store, decimals, marks]);

  const labels = [t('market.v'), t('market.o'), t('market.h'), t('market.l'), t('market.c')];
  const cell = (i: number) => (
    <span className={styles.ohlcCell}>
      <span className={styles.ohlcLabel}>{labels[i]}</span>
      <span ref={refs[i]} className={shown.cells[i].cls}>
        {shown.cells[i].text}
      </span>
    </span>
  );
  return (
    <div ref={box} className={styles.ohlc} data-testid="ohlc" data-up={shown.up}>
      <div className={styles.ohlcLine}>
        <span ref={time} className={styles.ohlcTime}>
          {shown.time}
        </span>
        {cell(0)}
      </div>
      <div className={styles.ohlcLine}>
        {cell(1)}
        {cell(2)}
        {cell(3)}
        {cell(4)}
      </div>
    </div>
  );
}
