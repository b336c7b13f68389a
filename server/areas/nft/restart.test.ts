/**
 * A restart in the middle of each NFT timer settles every unit exactly once: the job is stopped
 * after its first committed unit ("crash"), the server is rebuilt on the same database, and the
 * next pass finishes the rest. Refunds and forfeits then exist once each in the journal.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig } from '../../config';
import { checkJournalConsistency } from '../../db/ledger';
import { createTestDb } from '../../testing/db';
import { NFT_RULES } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { funded, item, nft, platformBalance, T0, USDT, type NftKit } from '../../testing/nft-kit';
import { createArtist, createCollection } from './catalog';
import { user } from '../../testing/funds-kit';

class Crash extends Error {}
const HOUR = 3_600_000;

it('a crash after the first settled auction and after the first expired order: each settles once after the restart', async () => {
  const handle = await createTestDb();
  const config = testConfig({ rateLimits: { codesPerIpPerHour: 1000, codeIntervalSec: 0, loginPerIpPerMinute: 1000, globalPerIpPerMinute: 100_000 } });
  let built: BuiltApp = await buildApp(config, { db: handle });
  const clock = { now: T0 };
  const boot = () => {
    built.app.nft.pauseTimer();
    built.app.nft.now = () => clock.now;
  };
  boot();
  const t = { app: built.app, handle, config } as unknown as NftKit['t'];
  const creator = await user(t);
  const artistId = await createArtist(built.app.db, { name: 'R', userId: creator.id });
  const k = { t, clock, creator, artistId, collectionId: await createCollection(built.app.db, artistId, 'R'), close: async () => undefined } as NftKit;

  const auctions = [await item(k, { payType: 2, endMs: T0 + HOUR }), await item(k, { payType: 2, endMs: T0 + HOUR })];
  const users = [await funded(k), await funded(k), await funded(k)];
  for (const a of auctions) {
    for (const u of users) await nft(k, 'marginNFT', u, { code: a.code });
    await nft(k, 'auctionNFT', users[0], { code: a.code, price: '5' });
    await nft(k, 'auctionNFT', users[1], { code: a.code, price: '5' });
  }
  const restart = async () => {
    await built.close();
    built = await buildApp(config, { db: handle }); // its start-up pass runs on the real clock (before T0): nothing due
    boot();
    (k.t as { app: unknown }).app = built.app;
  };
  const crashAfter = (kind: string) => (k2: string) => {
    if (k2 === kind) throw new Crash(kind);
  };

  clock.now = T0 + HOUR;
  await expect(built.app.nft.runOnce(crashAfter('nft_auction'))).rejects.toBeInstanceOf(Crash);
  const states = async () => (await sql<{ s: string }>`SELECT auction_state AS s FROM nft_items WHERE id IN (${auctions[0].id}, ${auctions[1].id}) ORDER BY id`.execute(built.app.db)).rows.map((r) => r.s);
  expect(await states()).toEqual(['awaiting_payment', 'open']);
  await restart();
  await built.app.nft.runOnce();
  await built.app.nft.runOnce();
  expect(await states()).toEqual(['awaiting_payment', 'awaiting_payment']);
  // users[0] and users[2] lost both auctions: refunded once per auction
  for (const u of [users[0], users[2]]) expect(await balance(k.t, u.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  expect(await balance(k.t, users[1].id, USDT)).toEqual({ available: '9980', frozen: '20' });

  clock.now = T0 + HOUR + NFT_RULES.payWindowMs;
  await expect(built.app.nft.runOnce(crashAfter('nft_expire'))).rejects.toBeInstanceOf(Crash);
  await restart();
  await built.app.nft.runOnce();
  await built.app.nft.runOnce();
  expect(await balance(k.t, users[1].id, USDT)).toEqual({ available: '9980', frozen: '0' });
  expect(await platformBalance(built.app.db)).toEqual({ available: '20', frozen: '0' });
  const journal = await sql<{ reason: string; n: number }>`SELECT reason, count(*)::int AS n FROM journal WHERE reason LIKE 'nft_margin%' GROUP BY reason ORDER BY reason`.execute(built.app.db);
  expect(journal.rows).toEqual([
    { reason: 'nft_margin', n: 6 },
    { reason: 'nft_margin_forfeit', n: 4 }, // users[1]'s two margins out, the platform's two credits in
    { reason: 'nft_margin_refund', n: 4 },
  ]);
  expect(await checkJournalConsistency(built.app.db)).toEqual([]);
  await built.close();
  await handle.close();
}, 120_000);
