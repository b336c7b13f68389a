/**
 * The chart's indicators as the worker runs them: each one is core's incremental state plus how
 * its value spreads into named lines (MA7, MA25 …), with the trader's parameters where they are
 * valid and the usual defaults otherwise (core's paramsOf).
 */
import {
  BollState,
  EmaState,
  KdjState,
  MaState,
  MacdState,
  RsiState,
  VolState,
  paramsOf,
  type Incremental,
  type IndicatorParams,
} from '../../core';
import type { IndicatorLineKind, MainIndicator, SubIndicator } from '../api-types';

interface LineSpec {
  name: string;
  kind: IndicatorLineKind;
}

export interface Runner {
  lines: LineSpec[];
  state: Incremental<unknown>;
  /** the value's numbers in `lines` order */
  flat(v: unknown): number[];
}

const line = (name: string): LineSpec => ({ name, kind: 'line' });
const hist = (name: string): LineSpec => ({ name, kind: 'hist' });

export function runnerOf(name: MainIndicator | SubIndicator, params?: IndicatorParams): Runner | null {
  if (name === 'none') return null;
  const p = paramsOf(name, params);
  switch (name) {
    case 'ma':
      return { lines: p.map((n) => line(`MA${n}`)), state: new MaState(p), flat: (v) => v as number[] };
    case 'ema':
      return { lines: p.map((n) => line(`EMA${n}`)), state: new EmaState(p), flat: (v) => v as number[] };
    case 'boll': {
      const f = (v: unknown) => {
        const b = v as { upper: number; mid: number; lower: number };
        return [b.upper, b.mid, b.lower];
      };
      return { lines: [line('UP'), line('MB'), line('DN')], state: new BollState(p[0], p[1]), flat: f };
    }
    case 'vol': {
      const f = (v: unknown) => {
        const x = v as { volume: number; ma: number[] };
        return [x.volume, ...x.ma];
      };
      return { lines: [hist('VOL'), ...p.map((n) => line(`MA${n}`))], state: new VolState(p), flat: f };
    }
    case 'macd': {
      const f = (v: unknown) => {
        const m = v as { dif: number; dea: number; hist: number };
        return [m.hist, m.dif, m.dea];
      };
      return { lines: [hist('MACD'), line('DIF'), line('DEA')], state: new MacdState(p[0], p[1], p[2]), flat: f };
    }
    case 'kdj': {
      const f = (v: unknown) => {
        const k = v as { k: number; d: number; j: number };
        return [k.k, k.d, k.j];
      };
      return { lines: [line('K'), line('D'), line('J')], state: new KdjState(p[0], p[1], p[2]), flat: f };
    }
    case 'rsi':
      return { lines: p.map((n) => line(`RSI${n}`)), state: new RsiState(p), flat: (v) => v as number[] };
    default:
      return null;
  }
}
