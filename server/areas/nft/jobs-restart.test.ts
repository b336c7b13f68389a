/**
 * An auction's end and the won order's payment deadline are durable jobs: enqueued when
 * the auction opens and when it is won, they outlive a restart, and the new process's worker
 * settles each exactly once — losers' margins refunded once, the unpaid winner's margin forfeited once.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency } from '../../db/ledger';
import { restartableNft } from '../../testing/nft-restart-kit';
import { dueNow, eventually, jobByKey } from '../../testing/jobs-kit';
import { NFT_RULES } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { funded, item, nft, T0, USDT } from '../../testing/nft-kit';
import { auctionEndKey, payDeadlineKey } from './domain/settle';

const HOUR = 3_600_000;

it('the auction-end and payment-deadline jobs outlive restarts and settle once each', async () => {
  const r = await restartableNft('J');
  const { k } = r;
  const a = await item(k, { payType: 2, endMs: T0 + HOUR });
  const [u0, u1] = [await funded(k), await funded(k)];
  for (const u of [u0, u1]) await nft(k, 'marginNFT', u, { code: a.code });
  await nft(k, 'auctionNFT', u0, { code: a.code, price: '5' });
  await nft(k, 'auctionNFT', u1, { code: a.code, price: '5' });
  expect((await jobByKey(r.app().db, auctionEndKey(a.id)))?.task).toBe('nft.auction_end');

  const state = async () =>
    (await sql<{ s: string }>`SELECT auction_state AS s FROM nft_items WHERE id = ${a.id}`.execute(r.app().db)).rows[0]
      .s;

  await r.restart(T0 + HOUR);
  expect(await state()).toBe('open');
  await dueNow(r.app().db, auctionEndKey(a.id));
  await eventually(
    async () => (await state()) === 'awaiting_payment' && !(await jobByKey(r.app().db, auctionEndKey(a.id))),
  );
  const order = await r
    .app()
    .db.selectFrom('nft_orders')
    .select('id')
    .where('item_id', '=', a.id)
    .executeTakeFirstOrThrow();
  expect((await jobByKey(r.app().db, payDeadlineKey(order.id)))?.task).toBe('nft.pay_deadline');
  expect(await balance(k.t, u0.id, USDT)).toEqual({ available: '10000', frozen: '0' }); // the loser's margin, back once

  await r.restart(T0 + HOUR + NFT_RULES.payWindowMs);
  await dueNow(r.app().db, payDeadlineKey(order.id));
  await eventually(
    async () => (await state()) === 'expired' && !(await jobByKey(r.app().db, payDeadlineKey(order.id))),
  );
  expect(await r.app().nft.runOnce()).toMatchObject({ auctions: 0, expired: 0 });
  const journal = await sql<{
    reason: string;
    n: number;
  }>`SELECT reason, count(*)::int AS n FROM journal WHERE reason LIKE 'nft_margin%' GROUP BY reason ORDER BY reason`.execute(
    r.app().db,
  );
  expect(journal.rows).toEqual([
    { reason: 'nft_margin', n: 2 },
    { reason: 'nft_margin_forfeit', n: 2 }, // the winner's margin out, the platform's credit in
    { reason: 'nft_margin_refund', n: 1 },
  ]);
  expect(await checkJournalConsistency(r.app().db)).toEqual([]);
  await r.close();
}, 120_000);
