import net, { type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { closeRedis } from './redis-close';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** a local port with nothing listening on it: Redis away */
async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('closing a Redis connection on shutdown', () => {
  it('with Redis there: what was sent is answered first, then the connection ends', async () => {
    const r = new Redis(REDIS_URL);
    const key = `redis-close-${process.pid}`;
    await r.ping();
    const set = r.set(key, '1', 'EX', 30);
    await closeRedis(r);
    expect(await set).toBe('OK');
    if (r.status !== 'end') await new Promise((resolve) => r.once('end', resolve));
  });

  it('with Redis away, on either kind of client, it ends without waiting for Redis, without rejecting, and stops reconnecting', async () => {
    const port = await deadPort();
    for (const maxRetriesPerRequest of [3, null]) {
      const r = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest, retryStrategy: () => 100 });
      r.on('error', () => undefined);
      let attempts = 0;
      r.on('reconnecting', () => attempts++);
      await new Promise((resolve) => setTimeout(resolve, 250));
      await expect(closeRedis(r)).resolves.toBeUndefined();
      // it stops trying (ioredis leaves the status at "reconnecting" when disconnected meanwhile)
      const after = attempts;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(attempts).toBe(after);
    }
  });
});
