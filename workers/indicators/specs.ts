/**
 * The chart's indicators as the worker runs them: each one is core's incremental state plus how
 * its value spreads into named lines (MA7, MA25 …), at the usual defaults (INDICATOR_DEFAULTS).
 */
import { BollState, EmaState, INDICATOR_DEFAULTS, KdjState, MaState, MacdState, RsiState, VolState, type Incremental } from '../../core';
import type { IndicatorLineKind, MainIndicator, SubIndicator } from '../api-types';

export interface LineSpec {
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

export function runnerOf(name: MainIndicator | SubIndicator): Runner | null {
  const d = INDICATOR_DEFAULTS;
  switch (name) {
    case 'ma':
      return { lines: d.ma.map((p) => line(`MA${p}`)), state: new MaState(), flat: (v) => v as number[] };
    case 'ema':
      return { lines: d.ema.map((p) => line(`EMA${p}`)), state: new EmaState(), flat: (v) => v as number[] };
    case 'boll': {
      const f = (v: unknown) => {
        const b = v as { upper: number; mid: number; lower: number };
        return [b.upper, b.mid, b.lower];
      };
      return { lines: [line('UP'), line('MB'), line('DN')], state: new BollState(), flat: f };
    }
    case 'vol': {
      const f = (v: unknown) => {
        const x = v as { volume: number; ma: number[] };
        return [x.volume, ...x.ma];
      };
      return { lines: [hist('VOL'), ...d.vol.map((p) => line(`MA${p}`))], state: new VolState(), flat: f };
    }
    case 'macd': {
      const f = (v: unknown) => {
        const m = v as { dif: number; dea: number; hist: number };
        return [m.hist, m.dif, m.dea];
      };
      return { lines: [hist('MACD'), line('DIF'), line('DEA')], state: new MacdState(), flat: f };
    }
    case 'kdj': {
      const f = (v: unknown) => {
        const k = v as { k: number; d: number; j: number };
        return [k.k, k.d, k.j];
      };
      return { lines: [line('K'), line('D'), line('J')], state: new KdjState(), flat: f };
    }
    case 'rsi':
      return { lines: d.rsi.map((p) => line(`RSI${p}`)), state: new RsiState(), flat: (v) => v as number[] };
    default:
      return null;
  }
}
