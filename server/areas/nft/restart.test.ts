/**
 * A restart in the middle of each NFT timer settles every unit exactly once: the job is stopped
 * after its first committed unit ("crash"), the server is rebuilt on the same database, and the
 * next pass finishes the rest. Refunds and forfeits then exist once each in the journal.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency } from '../../db/ledger';
import { restartableNft } from '../../testing/nft-restart-kit';
import { NFT_RULES } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { funded, item, nft, platformBalance, T0, USDT } from '../../testing/nft-kit';

class Crash extends Error {}
const HOUR = 3_600_000;

it('a crash after the first settled auction and after the first expired order: each settles once after the restart', async () => {
  const r = await restartableNft('R');
  const { k } = r;

  const auctions = [await item(k, { payType: 2, endMs: T0 + HOUR }), await item(k, { payType: 2, endMs: T0 + HOUR })];
  const users = [await funded(k), await funded(k), await funded(k)];
  for (const a of auctions) {
    for (const u of users) await nft(k, 'marginNFT', u, { code: a.code });
    await nft(k, 'auctionNFT', users[0], { code: a.code, price: '5' });
    await nft(k, 'auctionNFT', users[1], { code: a.code, price: '5' });
  }
  const crashAfter = (kind: string) => (k2: string) => {
    if (k2 === kind) throw new Crash(kind);
  };

  k.clock.now = T0 + HOUR;
  await expect(r.app().nft.runOnce(crashAfter('nft_auction'))).rejects.toBeInstanceOf(Crash);
  const states = async () =>
    (
      await sql<{
        s: string;
      }>`SELECT auction_state AS s FROM nft_items WHERE id IN (${auctions[0].id}, ${auctions[1].id}) ORDER BY id`.execute(
        r.app().db,
      )
    ).rows.map((r) => r.s);
  expect(await states()).toEqual(['awaiting_payment', 'open']);
  await r.restart();
  await r.app().nft.runOnce();
  await r.app().nft.runOnce();
  expect(await states()).toEqual(['awaiting_payment', 'awaiting_payment']);
  // users[0] and users[2] lost both auctions: refunded once per auction
  for (const u of [users[0], users[2]])
    expect(await balance(k.t, u.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  expect(await balance(k.t, users[1].id, USDT)).toEqual({ available: '9980', frozen: '20' });

  k.clock.now = T0 + HOUR + NFT_RULES.payWindowMs;
  await expect(r.app().nft.runOnce(crashAfter('nft_expire'))).rejects.toBeInstanceOf(Crash);
  await r.restart();
  await r.app().nft.runOnce();
  await r.app().nft.runOnce();
  expect(await balance(k.t, users[1].id, USDT)).toEqual({ available: '9980', frozen: '0' });
  expect(await platformBalance(r.app().db)).toEqual({ available: '20', frozen: '0' });
  const journal = await sql<{
    reason: string;
    n: number;
  }>`SELECT reason, count(*)::int AS n FROM journal WHERE reason LIKE 'nft_margin%' GROUP BY reason ORDER BY reason`.execute(
    r.app().db,
  );
  expect(journal.rows).toEqual([
    { reason: 'nft_margin', n: 6 },
    { reason: 'nft_margin_forfeit', n: 4 }, // users[1]'s two margins out, the platform's two credits in
    { reason: 'nft_margin_refund', n: 4 },
  ]);
  expect(await checkJournalConsistency(r.app().db)).toEqual([]);
  await r.close();
}, 120_000);
