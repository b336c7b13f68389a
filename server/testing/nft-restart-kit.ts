/**
 * An NFT kit whose server can be stopped and built again on the same database (the restart tests):
 * the area's timer paused and its rule clock on `clock`, before and after every restart.
 */
import type { BuiltApp } from '../app';
import { createArtist, createCollection } from '../areas/nft/domain';
import { restartable } from './restart-kit';
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
  const clock = { now: T0 };
  // its start-up pass runs on the real clock (before T0): nothing due
  const server = await restartable((app) => {
    app.nft.pauseTimer();
    app.nft.now = () => clock.now;
  });
  const t = server.t() as NftKit['t'];
  const creator = await user(t);
  const artistId = await createArtist(server.app().db, { name: artistName, userId: creator.id });
  const k = {
    t,
    clock,
    creator,
    artistId,
    collectionId: await createCollection(server.app().db, artistId, artistName),
    close: async () => undefined,
  } as NftKit;
  return {
    k,
    app: server.app,
    async restart(at) {
      if (at !== undefined) clock.now = at;
      await server.restart();
      (t as { app: unknown }).app = server.app();
    },
    close: server.close,
  };
}
