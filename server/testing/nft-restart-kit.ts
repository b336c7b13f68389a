/**
 * An NFT kit whose server can be stopped and built again on the same database (the restart tests):
 * the area's timer paused and its rule clock on `clock`, before and after every restart.
 */
import { buildApp, type BuiltApp } from '../app';
import { testConfig } from '../config';
import { createArtist, createCollection } from '../areas/nft/domain';
import { createTestDb } from './db';
import { user } from './funds-kit';
import { T0, type NftKit } from './nft-kit';

export interface RestartableNft {
  k: NftKit;
  /** the app now running (a new one after each restart) */
  app(): BuiltApp['app'];
  /** closes the server, moves the clock when `at` is given, and builds it again on the same database */
  restart(at?: number): Promise<void>;
  close(): Promise<void>;
}

export async function restartableNft(artistName: string): Promise<RestartableNft> {
  const handle = await createTestDb();
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  let built: BuiltApp = await buildApp(config, { db: handle });
  const clock = { now: T0 };
  const boot = () => {
    built.app.nft.pauseTimer();
    built.app.nft.now = () => clock.now;
  };
  boot();
  const t = { app: built.app, handle, config } as unknown as NftKit['t'];
  const creator = await user(t);
  const artistId = await createArtist(built.app.db, { name: artistName, userId: creator.id });
  const k = {
    t,
    clock,
    creator,
    artistId,
    collectionId: await createCollection(built.app.db, artistId, artistName),
    close: async () => undefined,
  } as NftKit;
  return {
    k,
    app: () => built.app,
    async restart(at) {
      await built.close();
      if (at !== undefined) clock.now = at;
      // its start-up pass runs on the real clock (before T0): nothing due
      built = await buildApp(config, { db: handle });
      boot();
      (t as { app: unknown }).app = built.app;
    },
    async close() {
      await built.close();
      await handle.close();
    },
  };
}
