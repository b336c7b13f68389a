import type { Redis } from 'ioredis';

/** How long a closing node waits for its last commands to reach Redis. */
const QUIT_MS = 2000;

/**
 * Closes a Redis connection without letting an outage hold a deploy: quit lets what was sent
 * finish, for at most QUIT_MS; with Redis away quit would wait in the offline queue (for ever on a
 * client without a retry limit, and reject after the limit on one with it), so the connection is
 * dropped instead. Never rejects.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_MS)));
    await Promise.race([client.quit().catch(() => undefined), late]);
    clearTimeout(timer);
  }
  client.disconnect();
}
