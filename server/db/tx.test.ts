import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './connect';
import { createTestDb } from '../testing/db';
import { inTransaction } from './tx';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

const pgError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('inTransaction', () => {
  it('runs a transaction again after a deadlock or serialization failure; the failed attempt leaves nothing', async () => {
    for (const code of ['40P01', '40001']) {
      let calls = 0;
      const name = `retry-${code}`;
      const out = await inTransaction(h.db, async (trx) => {
        calls++;
        await trx.insertInto('settings').values({ key: name, value: '1' }).execute();
        if (calls === 1) throw pgError(code);
        return 'done';
      });
      expect(out).toBe('done');
      expect(calls).toBe(2);
      const rows = await h.db.selectFrom('settings').select('key').where('key', '=', name).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('does not retry other errors, and gives up after the attempts', async () => {
    let calls = 0;
    await expect(
      inTransaction(h.db, async () => {
        calls++;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      inTransaction(
        h.db,
        async () => {
          calls++;
          throw pgError('40P01');
        },
        { attempts: 3 },
      ),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(3);
  });
});
