/**
 * The money-timers kill -9 test's victim (server/areas/money-timers.crash.test.ts): the whole app
 * on the test's database, each area on a rule clock of its own, which leaves money waiting on
 * every area's timers — an NFT auction's end and a won auction's one-day payment deadline, an OTC
 * order's payment window, loan hours, a game round's settlement and the next round's lock — prints
 * `state <json>` with the ids, then runs a loan pass that spins (the event loop blocked, a
 * transaction's worth of work done) once it has committed a liquidation mark at 1,650 (ETH) and a margin
 * call, so the test's SIGKILL lands with that pass unfinished.
 * Env: TC_URL (connection string), TC_SCHEMA (the test's schema on a PostgreSQL server, if any),
 * TC_KIND (embedded | postgres).
 */
import { buildApp } from '../app';
import { testConfig } from '../config';
import { connectDb, type DbHandle } from '../db/connect';
import type { TestApp } from './app';
import { prices } from './funds-kit';
import { player, prepareGame, stake, tickAt } from './game-kit';
import { ETH, HOUR, T0, bootLoans, grant, loan } from './loans-kit';
import { funded, item, nft, type NftKit } from './nft-kit';
import { bootOtc, merchant, okOf, openOn, pay, postAd, taker } from './otc-kit';
import { user } from './funds-kit';
import { createArtist, createCollection } from '../areas/nft/domain';
import type { OtcOrder } from '../../core';

const out = (line: string) => process.stdout.write(`${line}\n`); // a pipe: written before the next statement

async function main(): Promise<void> {
  const kind = process.env.TC_KIND === 'embedded' ? 'embedded' : 'postgres';
  const handle: DbHandle = await connectDb({
    databaseUrl: process.env.TC_URL!,
    schema: process.env.TC_SCHEMA || undefined,
    kind,
  });
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  const built = await buildApp(config, { db: handle });
  const t = { ...built, handle, config } as TestApp;
  const clocks = { nft: { now: T0 }, otc: { now: T0 }, loans: { now: T0 }, game: { now: T0 } };
  built.app.nft.pauseTimer();
  built.app.nft.now = () => clocks.nft.now;
  bootOtc(t, clocks.otc);
  bootLoans(t, clocks.loans);
  await prepareGame(t, clocks.game);
  prices(t, { BTC: '50000', ETH: '2500' });

  // NFT: auction A ends at T0 + 2 h (pending); auction B ended at T0 + 1 h, its winner's day to pay pending
  const creator = await user(t);
  const artistId = await createArtist(built.app.db, { name: 'Crash Artist', userId: creator.id });
  const k = {
    t,
    clock: clocks.nft,
    creator,
    artistId,
    collectionId: await createCollection(built.app.db, artistId, 'Crash'),
    close: async () => undefined,
  } as NftKit;
  const A = await item(k, { payType: 2, endMs: T0 + 2 * HOUR });
  const B = await item(k, { payType: 2, endMs: T0 + HOUR });
  const nu = [await funded(k), await funded(k), await funded(k), await funded(k)];
  const bid = async (code: string, u: (typeof nu)[number]) => {
    if ((await nft(k, 'marginNFT', u, { code })).type !== 'ok') throw new Error('margin');
    if ((await nft(k, 'auctionNFT', u, { code, price: '5' })).type !== 'ok') throw new Error('bid');
  };
  await bid(A.code, nu[0]);
  await bid(A.code, nu[1]); // A's winner: nu[1] at 110
  await bid(B.code, nu[2]);
  await bid(B.code, nu[3]); // B's winner: nu[3]
  clocks.nft.now = T0 + HOUR;
  await built.app.nft.runOnce();

  // OTC: one unpaid order (its 15-minute window pending), one paid (never timed out)
  const m = await merchant(t, '200');
  const ad = await postAd(t, m, { total: '200' });
  const [b1, b2] = [await taker(t), await taker(t)];
  const unpaid = await okOf<OtcOrder>(openOn(t, b1, ad.id, '720'));
  const paid = await okOf<OtcOrder>(openOn(t, b2, ad.id, '720'));
  if ((await pay(t, b2, paid.id)).type !== 'ok') throw new Error('otc pay');

  // game: R1 locked at 200 with its close tick (210) recorded, settlement pending; R2 open with stakes, its lock pending
  await built.app.game.runOnce();
  const r1 = await built.app.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const [ga, gb, gc] = [await player(t), await player(t), await player(t)];
  for (const [u, side, amt] of [
    [ga, 'up', '10'],
    [gb, 'up', '30'],
    [gc, 'down', '60'],
  ] as const)
    if ((await stake(t, u, r1.id, side, amt)).type !== 'ok') throw new Error('stake');
  tickAt(t, '200', Number(r1.lock_at) - 500);
  clocks.game.now = Number(r1.lock_at);
  await built.app.game.runOnce();
  const r2 = await built.app.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  for (const [u, side, amt] of [
    [ga, 'down', '20'],
    [gc, 'up', '20'],
  ] as const)
    if ((await stake(t, u, r2.id, side, amt)).type !== 'ok') throw new Error('stake');
  tickAt(t, '210', Number(r1.close_at) - 500); // R1 closes up; R2 locks at 210
  await built.app.market.flush();

  // loans, on ETH (the game's ticks move BTC): L1 (30 % at 1,650) accrues hours; L2 (3,000 on 2 ETH)
  // reaches liquidation at 1,650; L3 (2,800) a margin call there
  const pair = await built.app.db
    .selectFrom('loan_pairs')
    .select('id')
    .where('loan_currency_id', '=', 4)
    .where('collateral_currency_id', '=', ETH)
    .executeTakeFirstOrThrow();
  const lu = [await user(t), await user(t), await user(t)];
  const ids: number[] = [];
  for (const [i, amount] of ['1000', '3000', '2800'].entries()) {
    await grant(t, lu[i].id, ETH, '3');
    const r = await loan(t, 'borrow', lu[i], { pair_id: pair.id, amount, collateral: '2' });
    if (r.type !== 'ok') throw new Error(`borrow: ${JSON.stringify(r)}`);
    ids.push((r.message as { id: number }).id);
  }

  out(
    `state ${JSON.stringify({ nft: { a: A, b: B, users: nu.map((u) => u.id) }, otc: { merchant: m.id, ad: ad.id, unpaid: unpaid.id, paid: paid.id, takers: [b1.id, b2.id] }, game: { r1: r1.id, r2: r2.id, players: [ga.id, gb.id, gc.id] }, loans: { ids, users: lu.map((u) => u.id) } })}`,
  );

  prices(t, { ETH: '1650' });
  const seen = new Set<string>();
  await built.app.loans.runOnce((kindDone) => {
    seen.add(kindDone);
    if (seen.has('loan_liquidation_mark') && seen.has('loan_margin_call')) {
      out('spinning');
      for (;;); // the pass never finishes: the test's SIGKILL ends this process here
    }
  });
  out('pass finished without both units');
}

main().catch((e: unknown) => {
  out(`failed ${String(e instanceof Error ? e.stack : e)}`);
  process.exit(1);
});
