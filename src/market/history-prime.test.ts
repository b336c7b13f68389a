import { describe, expect, it } from 'vitest';
import { historyPrimer } from './history-prime';
import type { HistoryPayload, Period } from './types';

/** a worker stand-in: counts the history requests it gets and answers each with its number */
function worker() {
  const asked: string[] = [];
  const fetch = (symbol: string, period: Period) => {
    asked.push(`${symbol} ${period}`);
    return Promise.resolve({ symbol, period, n: asked.length } as unknown as HistoryPayload);
  };
  return { asked, fetch };
}

describe('a chart’s first history request, sent while it renders (src/market/history-prime.ts)', () => {
  it('opening a chart asks the worker once: the first load takes the request its render sent', async () => {
    const w = worker();
    const p = historyPrimer(w.fetch, 1000, () => 0);
    p.prime('BTC/USDT', '1min');
    const h = await p.take('BTC/USDT', '1min');
    expect(w.asked).toEqual(['BTC/USDT 1min']);
    expect((h as unknown as { n: number }).n).toBe(1);
    // taken once: a reload asks again
    await p.take('BTC/USDT', '1min');
    expect(w.asked).toHaveLength(2);
  });

  it('a request left by another series or gone stale is not taken: the chart asks for its own', async () => {
    const w = worker();
    let t = 0;
    const p = historyPrimer(w.fetch, 1000, () => t);
    p.prime('ETH/USDT', '1min');
    await p.take('BTC/USDT', '1min');
    expect(w.asked).toEqual(['ETH/USDT 1min', 'BTC/USDT 1min']);

    p.prime('BTC/USDT', '5min');
    await Promise.resolve(); // answered at t = 0
    t = 1500; // a render React threw away long ago
    const h = await p.take('BTC/USDT', '5min');
    expect(w.asked).toEqual(['ETH/USDT 1min', 'BTC/USDT 1min', 'BTC/USDT 5min', 'BTC/USDT 5min']);
    expect((h as unknown as { n: number }).n).toBe(4);
  });

  it('a mount that suspended and rendered again primes once: the second render reuses the request still out', async () => {
    let answer: (h: HistoryPayload) => void = () => {};
    const asked: string[] = [];
    let t = 0;
    const p = historyPrimer(
      (symbol, period) => {
        asked.push(`${symbol} ${period}`);
        return new Promise<HistoryPayload>((r) => (answer = r));
      },
      1000,
      () => t,
    );
    p.prime('BTC/USDT', '1min');
    t = 5000; // a slow phone: the chart chunk loads before the render that commits
    p.prime('BTC/USDT', '1min');
    const taken = p.take('BTC/USDT', '1min');
    expect(asked).toEqual(['BTC/USDT 1min']); // in flight counts as fresh, however long it takes
    answer({ n: 1 } as unknown as HistoryPayload);
    expect(await taken).toEqual({ n: 1 });
  });

  it('a failed request left behind raises no unhandled rejection; its taker sees the failure', async () => {
    const p = historyPrimer(
      () => Promise.reject(new Error('offline')),
      1000,
      () => 0,
    );
    p.prime('BTC/USDT', '1min');
    await expect(p.take('BTC/USDT', '1min')).rejects.toThrow('offline');
    p.prime('BTC/USDT', '1min'); // never taken
    await new Promise((r) => setTimeout(r, 0));
  });
});
