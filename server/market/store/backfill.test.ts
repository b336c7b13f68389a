import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/db';
import { createMarket } from '../index';

// Its own file (one test database per file): on PostgreSQL a second createTestDb in the same
// process trips Kysely's migration-table check across schemas (reported to the lead).
describe('first-start backfill', () => {
  it('fills every period and joins the live price without a jump', async () => {
    const db2 = await createTestDb();
    try {
      const t0 = performance.now();
      const m = await createMarket({ db: db2.db, config: { feed: 'scripted', tickRate: 0, seed: 42 } });
      const ms = performance.now() - t0;
      console.log(`[market] backfill + load on ${db2.kind}: ${Math.round(ms)} ms`);
      for (const p of ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week'] as const) {
        expect(m.aggregator.series('SOL/USDT', p).length).toBeGreaterThanOrEqual(300);
      }
      expect(m.aggregator.series('SOL/USDT', '1mon').length).toBeGreaterThanOrEqual(100);
      // The newest bar of every period closes at the live starting price.
      for (const p of ['1min', '1day', '1mon'] as const) expect(m.aggregator.last('SOL/USDT', p)?.close).toBe('152.36');
      // Rolled-up periods agree with the fine ones: the current hour = its minutes.
      const hour = m.aggregator.last('SOL/USDT', '60min')!;
      const mins = m.aggregator.series('SOL/USDT', '1min').filter((c) => c.time >= hour.time);
      expect(mins[0].open).toBe(hour.open);
      expect(Math.max(...mins.map((c) => Number(c.high)))).toBe(Number(hour.high));
      await m.close();
    } finally {
      await db2.close();
    }
    // thousands of candle rows on a real server: ~40 s on this shared 2-core machine (the system
    // PostgreSQL too), more than the 30 s default
  }, 120_000);
});
