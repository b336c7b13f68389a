import { describe, expect, it } from 'vitest';
import { batchLayoutRead } from './layout-batch';

describe('batchLayoutRead', () => {
  it('runs every read of the same commit before any write, then nothing twice', async () => {
    const log: string[] = [];
    for (const n of [1, 2, 3])
      batchLayoutRead(
        () => log.push(`read ${n}`),
        () => log.push(`write ${n}`),
      );
    expect(log).toEqual([]);
    await Promise.resolve();
    expect(log).toEqual(['read 1', 'read 2', 'read 3', 'write 1', 'write 2', 'write 3']);
    await Promise.resolve();
    expect(log).toHaveLength(6);
  });

  it('a row unmounted before the flush is neither measured nor painted', async () => {
    const log: string[] = [];
    batchLayoutRead(
      () => log.push('read kept'),
      () => log.push('write kept'),
    );
    const cancel = batchLayoutRead(
      () => log.push('read gone'),
      () => log.push('write gone'),
    );
    cancel();
    await Promise.resolve();
    expect(log).toEqual(['read kept', 'write kept']);
  });
});
