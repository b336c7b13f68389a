/**
 * A server that can be stopped and built again on the same database (the restart tests): the same
 * configuration each time, the test's handle on whichever app is running now. `onBuild` runs on
 * each app as it is built (the first and after every restart): e.g. an area's timer paused, so
 * the test runs its passes itself.
 */
import { buildApp, type BuiltApp } from '../app';
import { testConfig, type AppConfig } from '../config';
import type { DbHandle } from '../db/connect';
import { createTestDb } from './db';
import type { TestApp } from './app';

export interface Restartable {
  /** the app now running (a new one after each restart) */
  app(): BuiltApp['app'];
  /** the running server as the kits take it */
  t(): TestApp;
  /** closes the server and builds it again on the same database (its start-up sweep runs on the real clock) */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function restartable(onBuild?: (app: BuiltApp['app']) => void): Promise<Restartable> {
  const handle: DbHandle = await createTestDb();
  const config: AppConfig = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  let built: BuiltApp = await buildApp(config, { db: handle });
  onBuild?.(built.app);
  return {
    app: () => built.app,
    t: () => ({ ...built, handle, config }) as TestApp,
    async restart() {
      await built.close();
      built = await buildApp(config, { db: handle });
      onBuild?.(built.app);
    },
    async close() {
      await built.close();
      await handle.close();
    },
  };
}
