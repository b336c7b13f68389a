/**
 * `npm run verify`: outcomes settled by the real engines all match; tampering with one
 * stored tick or one stored result makes verify report exactly that order, product by product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPES, type DualOrder, type DualIndexAnswer, type LeverPosition, type SecondsOrder } from '../../core';
import { createKit, type Kit } from '../testing/trade-kit';
import { createArtist, createCollection, createItem, createSeries } from '../areas/nft/domain';
import { CHECKERS } from './index';
import { runVerify } from './run';

const { change: CHANGE, lever: LEVER, micro: MICRO } = ACCOUNT_TYPES;
const USDT = 4;
const BTC = 1;
const ETH = 2;
const PRODUCT = 2;

let k: Kit;
const ids = {
  spot: 0,
  seconds: [] as number[],
  lever: [] as number[],
  liquidated: 0,
  walked: 0,
  limited: 0,
  bookSeq: 0,
  dual: 0,
  ieo: [] as number[],
  boxes: [] as string[],
  auction: 0,
};

async function differing(product: string): Promise<string[]> {
  const { reports } = await runVerify(k.app.db, CHECKERS);
  return reports.find((r) => r.product.startsWith(product))!.differing.map((d) => d.id);
}

beforeAll(async () => {
  k = await createKit();
  k.app.products.pauseTimer();
  const u = await k.user('verify@example.com');
  await k.fund(u.id, USDT, MICRO, '1000');
  await k.fund(u.id, USDT, LEVER, '10000');
  await k.fund(u.id, BTC, PRODUCT, '1');

  // spot: a limit buy resting under the price, filled by the venue tick that crosses it
  await k.fund(u.id, USDT, CHANGE, '100000');
  await k.tick('BTC/USDT', '50000');
  const limit = await k.call('POST', '/api/coin/trade', u.token, {
    amount: '0.5',
    target_price: '49000',
    currency_id: BTC,
    legal_id: USDT,
    type: 'buy',
  });
  expect(limit.type).toBe('ok');
  await k.tick('BTC/USDT', '48900');
  ids.spot = (
    await k.app.db.selectFrom('spot_orders').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow()
  ).id;

  // seconds: a win and a loss on real ticks
  const t0 = k.clock.now;
  await k.tick('BTC/USDT', '50000', t0 - 500);
  for (const type of ['up', 'down']) {
    const r = await k.call('POST', '/api/microtrade/submit', u.token, {
      match_id: BTC,
      currency_id: USDT,
      type,
      seconds: 30,
      number: '100',
    });
    ids.seconds.push((r.message as SecondsOrder).id);
  }
  await k.tick('BTC/USDT', '50100', t0 + 20_000);
  k.clock.now = t0 + 30_000;
  await k.settle();

  // contracts: a take-profit close, then a forced close (risk rate under the 50 % line)
  await k.tick('ETH/USDT', '3000');
  const tp = (
    await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'long',
      share: '100',
      multiple: 10,
      target_profit_price: '3100',
    })
  ).message as LeverPosition;
  await k.tick('ETH/USDT', '3100');
  ids.lever.push(tp.id);
  const w = await k.user('verify-liq@example.com');
  await k.fund(w.id, USDT, LEVER, '1000');
  await k.tick('BTC/USDT', '50000');
  const p = (
    await k.call('POST', '/api/lever/submit', w.token, {
      currency_id: BTC,
      legal_id: USDT,
      type: 'long',
      share: '190',
      multiple: 10,
    })
  ).message as LeverPosition;
  await k.tick('BTC/USDT', '47200');
  ids.liquidated = p.id;

  // contract entries: a market long walks three ask levels of ETH's book; a limit long rests, then a tick fills it
  k.feed.setBook('ETH/USDT', {
    asks: [
      ['3100', '0.4'],
      ['3101', '0.3'],
      ['3102.5', '5'],
    ],
    bids: [['3099', '5']],
  });
  await k.app.trade.idle();
  const walked = (
    await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'long',
      status: 'market',
      share: '100',
      multiple: 10,
    })
  ).message as LeverPosition;
  ids.walked = walked.id;
  ids.bookSeq = k.app.market.books.book('ETH/USDT').snapshot().seq;
  const limited = (
    await k.call('POST', '/api/lever/submit', u.token, {
      currency_id: ETH,
      legal_id: USDT,
      type: 'long',
      status: 'limit',
      target_price: '3050',
      share: '10',
      multiple: 10,
    })
  ).message as LeverPosition;
  await k.tick('ETH/USDT', '3049');
  ids.limited = limited.id;

  // dual invest: the demo product, matured and settled by the products job
  const demo = ((k.app.products.now = () => k.clock.now),
  ((await k.call('GET', '/api/dual/index', u.token, { currency_id: BTC })).message as DualIndexAnswer)
    .dual_currencys).find((d) => d.demo)!;
  const bought = (await k.call('POST', '/api/dual/buyDual', u.token, { id: demo.id, num: 2 })).message as DualOrder;
  const order = await k.app.db
    .selectFrom('dual_orders')
    .select('maturity_at')
    .where('id', '=', bought.id)
    .executeTakeFirstOrThrow();
  await k.tick('BTC/USDT', String(Number(demo.exercise_price) + 100), order.maturity_at.getTime() - 1000);
  k.clock.now = order.maturity_at.getTime() + 1000;
  await k.app.products.runOnce();
  ids.dual = bought.id;

  // IEO: three subscriptions oversubscribe a shrunk issuance
  const live = await k.app.db
    .selectFrom('ieo_projects')
    .select('id')
    .where('seed_key', '=', 'ieo-live')
    .executeTakeFirstOrThrow();
  await sql`UPDATE ieo_projects SET total_issuance = 600, start_at = ${new Date(k.clock.now - 86_400_000)}, end_at = ${new Date(k.clock.now + 86_400_000)} WHERE id = ${live.id}`.execute(
    k.app.db,
  );
  for (const name of ['i1', 'i2', 'i3']) {
    const s = await k.user(`verify-${name}@example.com`);
    await k.fund(s.id, USDT, PRODUCT, '100');
    expect(
      (
        await k.call('POST', '/api/project/order', s.token, {
          project_id: live.id,
          amount: '400',
          pay_currency: USDT,
          price: '0.1',
        })
      ).type,
    ).toBe('ok');
  }
  await sql`UPDATE ieo_projects SET end_at = ${new Date(k.clock.now - 1000)} WHERE id = ${live.id}`.execute(k.app.db);
  await k.app.products.runOnce();
  ids.ieo = (
    await k.app.db.selectFrom('ieo_orders').select('id').where('project_id', '=', live.id).orderBy('id').execute()
  ).map((o) => o.id);

  // blind boxes: three bought from a committed series
  const artist = await createArtist(k.app.db, { name: 'Verify Artist' });
  const col = await createCollection(k.app.db, artist, 'Verify');
  const now = Date.now();
  await createSeries(k.app.db, {
    code: 'BOX-V',
    collectionId: col,
    artistId: artist,
    title: 'Box',
    currencyId: USDT,
    price: '10',
    startMs: now - 60_000,
    endMs: now + 3_600_000,
    manifest: [
      { prize: 'SSR:Gold', count: 1 },
      { prize: 'N:Haze', count: 4 },
    ],
  });
  await k.fund(u.id, USDT, PRODUCT, '100');
  for (let i = 0; i < 3; i++)
    expect((await k.call('POST', '/api/bind_box/buyNFT', u.token, { code: 'BOX-V' })).type).toBe('ok');
  ids.boxes = (await k.app.db.selectFrom('nft_boxes').select('code').orderBy('k').execute()).map((b) => b.code);

  // an NFT auction: two bidders, the higher wins once the end passes
  await createItem(k.app.db, {
    code: 'AUC-V',
    collectionId: col,
    artistId: artist,
    title: 'Auction',
    currencyId: USDT,
    price: '100',
    startMs: now - 60_000,
    endMs: now + 3_600_000,
    margin: '10',
    perIncrease: '5',
    payType: 2,
  });
  const rival = await k.user('verify-rival@example.com');
  await k.fund(rival.id, USDT, PRODUCT, '1000');
  for (const [who, raise] of [
    [u, '5'],
    [rival, '20'],
  ] as const) {
    expect((await k.call('POST', '/api/bind_box/marginNFT', who.token, { code: 'AUC-V' })).type).toBe('ok');
    expect((await k.call('POST', '/api/bind_box/auctionNFT', who.token, { code: 'AUC-V', price: raise })).type).toBe(
      'ok',
    );
  }
  k.app.nft.now = () => now + 7_200_000;
  await k.app.nft.runOnce();
  ids.auction = (
    await k.app.db.selectFrom('nft_orders').select('id').where('kind', '=', 'auction').executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(async () => {
  await k?.t.close();
});

it('every settled outcome matches its stored ticks and rules', async () => {
  const { ok, reports } = await runVerify(k.app.db, CHECKERS);
  expect(reports.map((r) => [r.product.split(' ')[0], r.checked, r.differing])).toEqual([
    ['spot', 1, []],
    ['seconds', 2, []],
    ['contracts', 2, []],
    ['contract', 4, []], // entries: the two above, the walked long and the filled limit
    ['dual', 1, []],
    ['IEO', 3, []],
    ['blind', 3, []],
    ['NFT', 1, []],
    ['up/down', 0, []], // no rounds played here (server/areas/game tests its checker)
    ['P2P', 0, []], // no P2P trades here (server/areas/otc/office.test.ts tests its checker)
    ['proof', 0, []], // no liabilities snapshot here (server/areas/liabilities tests its checker)
  ]);
  expect(ok).toBe(true);
  const liq = await k.app.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('id', '=', ids.liquidated)
    .executeTakeFirstOrThrow();
  expect({ reason: liq.close_reason, group: Number(liq.liq_group) }).toEqual({
    reason: 'liquidation',
    group: ids.liquidated,
  });
  expect(Number(liq.liq_risk_rate)).toBeLessThanOrEqual(50);
  const dual = await k.app.db
    .selectFrom('dual_orders')
    .selectAll()
    .where('id', '=', ids.dual)
    .executeTakeFirstOrThrow();
  expect(dual.settle_symbol).toBe('BTC/USDT');
  expect(dual.settle_seq).not.toBeNull();
});

describe('tampering is reported on exactly the order it touched', () => {
  it('spot: the venue tick that filled a resting buy, then the average price', async () => {
    const f = await k.app.db
      .selectFrom('spot_fills')
      .selectAll()
      .where('order_id', '=', ids.spot)
      .executeTakeFirstOrThrow();
    expect(f.tick_seq).not.toBeNull();
    await sql`UPDATE market_ticks SET price = 49500 WHERE symbol = 'BTC/USDT' AND seq = ${f.tick_seq}`.execute(
      k.app.db,
    );
    expect(await differing('spot')).toEqual([String(ids.spot)]);
    await sql`UPDATE market_ticks SET price = 48900 WHERE symbol = 'BTC/USDT' AND seq = ${f.tick_seq}`.execute(
      k.app.db,
    );
    await sql`UPDATE spot_orders SET fill_price = 48000 WHERE id = ${ids.spot}`.execute(k.app.db);
    expect(await differing('spot')).toEqual([String(ids.spot)]);
    await sql`UPDATE spot_orders SET fill_price = ${f.price} WHERE id = ${ids.spot}`.execute(k.app.db);
    expect(await differing('spot')).toEqual([]);
  });

  it('seconds: a stored end tick, then a stored payout', async () => {
    const o = await k.app.db
      .selectFrom('seconds_orders')
      .selectAll()
      .where('id', '=', ids.seconds[0])
      .executeTakeFirstOrThrow();
    await sql`UPDATE market_ticks SET price = price + 1 WHERE symbol = ${o.symbol} AND seq = ${o.end_seq}`.execute(
      k.app.db,
    );
    // both orders share the end tick: both are reported, nothing else
    expect(await differing('seconds')).toEqual(ids.seconds.map(String));
    await sql`UPDATE market_ticks SET price = price - 1 WHERE symbol = ${o.symbol} AND seq = ${o.end_seq}`.execute(
      k.app.db,
    );
    await sql`UPDATE seconds_orders SET payout = payout + 1 WHERE id = ${ids.seconds[1]}`.execute(k.app.db);
    expect(await differing('seconds')).toEqual([String(ids.seconds[1])]);
    await sql`UPDATE seconds_orders SET payout = payout - 1 WHERE id = ${ids.seconds[1]}`.execute(k.app.db);
    expect(await differing('seconds')).toEqual([]);
  });

  it('contracts: a take-profit close price below its level, then a forced close risk rate', async () => {
    await sql`UPDATE lever_orders SET target_profit_price = 3200 WHERE id = ${ids.lever[0]}`.execute(k.app.db);
    expect(await differing('contracts')).toEqual([String(ids.lever[0])]);
    await sql`UPDATE lever_orders SET target_profit_price = 3100 WHERE id = ${ids.lever[0]}`.execute(k.app.db);
    const liq = await k.app.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', '=', ids.liquidated)
      .executeTakeFirstOrThrow();
    await sql`UPDATE market_ticks SET price = 47900 WHERE symbol = 'BTC/USDT' AND seq = ${liq.close_seq}`.execute(
      k.app.db,
    );
    expect(await differing('contracts')).toEqual([String(ids.liquidated)]);
    await sql`UPDATE market_ticks SET price = 47200 WHERE symbol = 'BTC/USDT' AND seq = ${liq.close_seq}`.execute(
      k.app.db,
    );
    expect(await differing('contracts')).toEqual([]);
  });

  it("contract entries: a level of the walk, the open price, then a limit entry's opening tick", async () => {
    const w = await k.app.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', '=', ids.walked)
      .executeTakeFirstOrThrow();
    // what priced it is on record: the three levels taken, at the book seq the depth stream published
    expect(w.open_walk).toEqual({
      book_epoch: k.app.market.books.book('ETH/USDT').source.epoch,
      book_seq: ids.bookSeq,
      levels: [
        { price: '3100', qty: '0.4', avail: '0.4' },
        { price: '3101', qty: '0.3', avail: '0.3' },
        { price: '3102.5', qty: '0.3', avail: '5' },
      ],
      dp: 2,
      protection: '0.05',
    });
    expect(w.open_price).toMatch(/^3101\.050*$/); // (3100 × 0.4 + 3101 × 0.3 + 3102.5 × 0.3) ÷ 1
    const walk = JSON.stringify(w.open_walk);
    await sql`UPDATE lever_orders SET open_walk = jsonb_set(open_walk, '{levels,1,price}', '"3100.5"') WHERE id = ${ids.walked}`.execute(
      k.app.db,
    );
    expect(await differing('contract entries')).toEqual([String(ids.walked)]);
    await sql`UPDATE lever_orders SET open_walk = ${walk}::jsonb, open_price = 3101 WHERE id = ${ids.walked}`.execute(
      k.app.db,
    );
    expect(await differing('contract entries')).toEqual([String(ids.walked)]);
    await sql`UPDATE lever_orders SET open_price = ${w.open_price} WHERE id = ${ids.walked}`.execute(k.app.db);
    const l = await k.app.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', '=', ids.limited)
      .executeTakeFirstOrThrow();
    expect({ status: l.status, open: Number(l.open_price) }).toEqual({ status: 'position', open: 3050 });
    await sql`UPDATE market_ticks SET price = 3051 WHERE symbol = 'ETH/USDT' AND seq = ${l.open_seq}`.execute(k.app.db);
    expect(await differing('contract entries')).toEqual([String(ids.limited)]);
    await sql`UPDATE market_ticks SET price = 3049 WHERE symbol = 'ETH/USDT' AND seq = ${l.open_seq}`.execute(k.app.db);
    expect(await differing('contract entries')).toEqual([]);
  });

  it('dual invest: the settle tick, then the payout', async () => {
    const d = await k.app.db.selectFrom('dual_orders').selectAll().where('id', '=', ids.dual).executeTakeFirstOrThrow();
    await sql`UPDATE market_ticks SET price = 1 WHERE symbol = ${d.settle_symbol} AND seq = ${d.settle_seq}`.execute(
      k.app.db,
    );
    expect(await differing('dual')).toEqual([String(ids.dual)]);
    await sql`UPDATE market_ticks SET price = ${d.settle_price} WHERE symbol = ${d.settle_symbol} AND seq = ${d.settle_seq}`.execute(
      k.app.db,
    );
    await sql`UPDATE dual_orders SET payout_amount = payout_amount * 2 WHERE id = ${ids.dual}`.execute(k.app.db);
    expect(await differing('dual')).toEqual([String(ids.dual)]);
    await sql`UPDATE dual_orders SET payout_amount = ${d.payout_amount} WHERE id = ${ids.dual}`.execute(k.app.db);
    expect(await differing('dual')).toEqual([]);
  });

  it('IEO: one allotment', async () => {
    await sql`UPDATE ieo_orders SET allotted = allotted + 1 WHERE id = ${ids.ieo[1]}`.execute(k.app.db);
    expect(await differing('IEO')).toEqual([String(ids.ieo[1])]);
    await sql`UPDATE ieo_orders SET allotted = allotted - 1 WHERE id = ${ids.ieo[1]}`.execute(k.app.db);
    expect(await differing('IEO')).toEqual([]);
  });

  it('NFT auctions: the winning price', async () => {
    await sql`UPDATE nft_orders SET price = price - 1 WHERE id = ${ids.auction}`.execute(k.app.db);
    expect(await differing('NFT')).toEqual([String(ids.auction)]);
    await sql`UPDATE nft_orders SET price = price + 1 WHERE id = ${ids.auction}`.execute(k.app.db);
    expect(await differing('NFT')).toEqual([]);
  });

  it('blind boxes: one prize', async () => {
    const b = await k.app.db
      .selectFrom('nft_boxes')
      .select(['prize'])
      .where('code', '=', ids.boxes[2])
      .executeTakeFirstOrThrow();
    await sql`UPDATE nft_boxes SET prize = ${b.prize === 'SSR:Gold' ? 'N:Haze' : 'SSR:Gold'} WHERE code = ${ids.boxes[2]}`.execute(
      k.app.db,
    );
    expect(await differing('blind')).toEqual([ids.boxes[2]]);
    await sql`UPDATE nft_boxes SET prize = ${b.prize} WHERE code = ${ids.boxes[2]}`.execute(k.app.db);
    expect(await differing('blind')).toEqual([]);
  });
});
