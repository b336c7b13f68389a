/**
 * Spot order ids taken ahead in blocks (spot-commit.ts takeOrderIds): steps of many symbols take
 * them at once, and the ids handed out must stay unique and ascending in the order they are handed
 * out (a symbol's orders keep their time priority by id when the book reloads), across refills.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { takeOrderIds } from './spot-commit';

let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});

it('hands out unique ids, ascending in the order taken, across concurrent takes and refills', async () => {
  const handed: number[] = [];
  const sizes = Array.from({ length: 60 }, (_, i) => 1 + ((i * 37) % 128)); // ≈ 3,900 ids: several refills
  await Promise.all(
    sizes.map(async (n) => {
      const ids = await takeOrderIds(k.app.db, n);
      expect(ids).toHaveLength(n);
      handed.push(...ids);
    }),
  );
  expect(new Set(handed).size).toBe(handed.length);
  expect(handed).toEqual([...handed].sort((a, b) => a - b));
  // the sequence is past every id handed out: a row inserted another way never takes one of them
  const next = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('spot_orders', 'id'))::int AS id`.execute(k.app.db);
  expect(next.rows[0].id).toBeGreaterThan(Math.max(...handed));
});
