import { describe, expect, it, vi } from 'vitest';
import { catalogInstruments, syntheticInstruments } from './instruments';
import { ScriptedFeed } from './scripted';
import { SimulatorFeed } from './simulator';
import { formatUnits, parseUnits, toUnits, canonicalDecimal } from './units';

const instruments = catalogInstruments();
const strip = (t: { symbol: string; price: string; qty: string; seq: number }) =>
  `${t.symbol} ${t.price} ${t.qty} ${t.seq}`;

describe('SimulatorFeed', () => {
  it('is reproducible from its seed, whatever the batching', () => {
    const a = new SimulatorFeed({ instruments, seed: 7, tickRate: 50 });
    const b = new SimulatorFeed({ instruments, seed: 7, tickRate: 50 });
    const c = new SimulatorFeed({ instruments, seed: 8, tickRate: 50 });
    const pathA = a.generate(5000).map(strip);
    const pathB = [...b.generate(1234), ...b.generate(3766)].map(strip);
    expect(pathB).toEqual(pathA);
    expect(c.generate(5000).map(strip)).not.toEqual(pathA);
  });

  it('emits correctly rounded decimal strings and strictly increasing per-symbol seq', () => {
    const f = new SimulatorFeed({ instruments, seed: 1, tickRate: 100 });
    const seqs = new Map<string, number>();
    for (const t of f.generate(20_000)) {
      const ins = instruments.find((i) => i.symbol === t.symbol)!;
      expect(t.price).toMatch(new RegExp(`^\\d+${ins.price_decimals ? `\\.\\d{${ins.price_decimals}}` : ''}$`));
      expect(t.qty).toMatch(new RegExp(`^\\d+${ins.qty_decimals ? `\\.\\d{${ins.qty_decimals}}` : ''}$`));
      expect(Number(t.price)).toBeGreaterThan(0);
      expect(t.seq).toBe((seqs.get(t.symbol) ?? 0) + 1);
      seqs.set(t.symbol, t.seq);
    }
    expect(seqs.size).toBe(instruments.length); // every symbol ticks, stocks included
    expect(seqs.get('BTC/USDT')!).toBeGreaterThan(seqs.get('NFLX/USDT')!); // leaders trade more
  });

  it('moves with realistic volatility (BTC stays within a few % over ~an hour of ticks)', () => {
    const f = new SimulatorFeed({ instruments, seed: 3, tickRate: 20 });
    const btc = f
      .generate(72_000)
      .filter((t) => t.symbol === 'BTC/USDT')
      .map((t) => Number(t.price));
    const move = Math.abs(btc[btc.length - 1] / 67250 - 1);
    expect(move).toBeLessThan(0.08);
    expect(new Set(btc).size).toBeGreaterThan(100);
  });

  it('continues seq and price from the resume state', () => {
    const f = new SimulatorFeed({
      instruments,
      seed: 2,
      tickRate: 10,
      resume: new Map([['BTC/USDT', { seq: 500, price: '70000.00', ts: 1 }]]),
    });
    const first = f.generate(2000).find((t) => t.symbol === 'BTC/USDT')!;
    expect(first.seq).toBe(501);
    expect(Math.abs(Number(first.price) / 70000 - 1)).toBeLessThan(0.01);
  });

  it('emits batches on its timer at about the configured rate', () => {
    // half a second of its timer and clock, held by the test: the rate is the feed's, not the machine's load
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const f = new SimulatorFeed({ instruments, seed: 2, tickRate: 1000, batchMs: 10 });
      let n = 0;
      let batches = 0;
      f.onTicks((ticks) => {
        n += ticks.length;
        batches++;
      });
      f.start();
      vi.advanceTimersByTime(500);
      f.stop();
      expect(n).toBeGreaterThan(300);
      expect(n).toBeLessThan(700);
      expect(batches).toBeGreaterThan(10);
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds synthetic bench symbols deterministically', () => {
    const s = syntheticInstruments(2000, 9);
    expect(s).toHaveLength(2000);
    expect(s[0].symbol).toBe('SYM0001/USDT');
    expect(syntheticInstruments(3, 9)).toEqual(s.slice(0, 3));
  });
});

describe('ScriptedFeed', () => {
  it('emits exactly what is pushed, synchronously, with +1 seqs', () => {
    const f = new ScriptedFeed({ resume: new Map([['BTC/USDT', { seq: 9, price: '1', ts: 0 }]]) });
    const got: string[] = [];
    f.onTicks((ticks) => got.push(...ticks.map(strip)));
    f.push('BTC/USDT', '100.5', '2', 1000);
    f.pushMany([
      { symbol: 'ETH/USDT', price: '3' },
      { symbol: 'BTC/USDT', price: '101' },
    ]);
    expect(got).toEqual(['BTC/USDT 100.5 2 10', 'ETH/USDT 3 1 1', 'BTC/USDT 101 1 11']);
    expect(f.lastPrice('BTC/USDT')).toBe('101');
    expect(() => f.push('BTC/USDT', '1e5')).toThrow();
  });
});

describe('units', () => {
  it('formats and parses scaled integers exactly', () => {
    expect(formatUnits(12345, 2)).toBe('123.45');
    expect(formatUnits(5, 3)).toBe('0.005');
    expect(formatUnits(1782, 8)).toBe('0.00001782');
    expect(formatUnits(7, 0)).toBe('7');
    expect(toUnits(0.1 + 0.2, 2)).toBe(30);
    expect(parseUnits('123.456', 2)).toBe(12346);
    expect(parseUnits('0.00001782', 8)).toBe(1782);
    expect(canonicalDecimal('67250.00')).toBe('67250');
    expect(canonicalDecimal('1.50')).toBe('1.5');
  });
});
