import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../testing/ledger-kit';
import type { DbHandle } from './connect';
import { seed } from './seed';
import { checkJournalConsistency, getBalances } from './ledger';
import { transfer, type TransferInput } from './ledger-transfer';
import { LedgerWriter } from './ledger-writer';
import { inTransaction } from './tx';
import { ACCOUNT_TYPES } from '../../core';

let h: DbHandle;
const change = ACCOUNT_TYPES.change;

const newUser = (grant?: string) => ledgerUser(h.db, { grantUsdt: grant });

const coin = async (u: number, currencyId: number) =>
  (await getBalances(h.db, u)).find((b) => b.currency_id === currencyId && b.type === change)?.available;
const usdt = (u: number) => coin(u, USDT);
const move = (from: number, to: number, amount: string, ref = `${from}-${to}-${amount}`): TransferInput => ({
  from: { userId: from, currencyId: USDT, type: change, reason: 'transfer_out' },
  to: { userId: to, currencyId: USDT, type: change, reason: 'transfer_in' },
  amount,
  ref: { type: 'test', id: ref },
});
/** journal rows of one transfer, with the transaction that wrote each */
/** a USDT transfer as the writer's statement reads it (no idempotency key) */
const el = (t: TransferInput) => ({
  fu: t.from.userId,
  fc: USDT,
  ft: change,
  tu: t.to.userId,
  tc: USDT,
  tt: change,
  a: t.amount,
  ro: t.from.reason,
  ri: t.to.reason,
  rt: 'test',
  rid: String(t.ref!.id),
  ku: null,
  k: null,
  kr: null,
});
const journalOf = (ref: string) =>
  sql<{
    user_id: number;
    reason: string;
    delta_available: string;
    xid: string;
  }>`SELECT user_id, reason, delta_available::text, xmin::text AS xid FROM journal WHERE ref_type = 'test' AND ref_id = ${ref} ORDER BY id`
    .execute(h.db)
    .then((r) => r.rows);

beforeAll(async () => {
  h = await createTestDb();
  await seed(h.db);
});
afterAll(async () => {
  await h?.close();
});

describe('ledger transfer', () => {
  it('moves the exact amount, journals both sides, and answers both balances', async () => {
    const a = await newUser('10');
    const b = await newUser();
    const r = await transfer(h.db, move(a, b, '3.000000000000000001', 'exact'));
    expect(r.from).toMatchObject({ available: '6.999999999999999999', frozen: '0' });
    expect(r.to).toMatchObject({ available: '3.000000000000000001', frozen: '0' });
    expect(await usdt(a)).toBe('6.999999999999999999');
    expect(await usdt(b)).toBe('3.000000000000000001');
    expect((await journalOf('exact')).map((j) => [j.user_id, j.reason, j.delta_available])).toEqual([
      [a, 'transfer_out', '-3.000000000000000001'],
      [b, 'transfer_in', '3.000000000000000001'],
    ]);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('refuses an overdraw with insufficient_balance and writes nothing — no account created, no journal row', async () => {
    const a = await newUser('1');
    const b = await newUser();
    await expect(transfer(h.db, move(a, b, '1.000000000000000001', 'over'))).rejects.toMatchObject({
      key: 'insufficient_balance',
    });
    expect(await usdt(a)).toBe('1');
    expect(await usdt(b)).toBeUndefined();
    expect(await journalOf('over')).toEqual([]);
  });

  it('inside a caller’s transaction commits or rolls back with it', async () => {
    const a = await newUser('5');
    const b = await newUser();
    await expect(
      inTransaction(h.db, async (trx) => {
        await transfer(trx, move(a, b, '2', 'rolled'));
        throw new Error('caller fails after the transfer');
      }),
    ).rejects.toThrow(/caller fails/);
    expect(await usdt(a)).toBe('5');
    expect(await journalOf('rolled')).toEqual([]);
    await inTransaction(h.db, (trx) => transfer(trx, move(a, b, '2', 'kept')));
    expect([await usdt(a), await usdt(b)]).toEqual(['3', '2']);
  });

  it('a batch with a refused debit: the others are applied in the one commit, the refused one is wholly absent, journal = balances', async () => {
    const writer = new LedgerWriter(h.db, { inFlight: 1 });
    const poor = await newUser('0.5');
    const rich = await newUser('100');
    const sink = await newUser();
    // submitted in one tick: one batch, one statement
    const out = await Promise.all([
      writer.submit(el(move(rich, sink, '1', 'b1'))),
      writer.submit(el(move(poor, sink, '0.6', 'b2'))), // refused: 0.5 available
      writer.submit(el(move(rich, poor, '0.25', 'b3'))),
      writer.submit(el(move(poor, sink, '0.7', 'b4'))), // 0.5 + 0.25 = 0.75 by now: runs after b3 in the batch
    ]);
    expect(out.map((r) => r !== null)).toEqual([true, false, true, true]);
    expect(await journalOf('b2')).toEqual([]);
    const rows = await Promise.all(['b1', 'b3', 'b4'].map(journalOf));
    for (const r of rows) expect(r).toHaveLength(2);
    expect(new Set(rows.flat().map((r) => r.xid)).size).toBe(1); // one transaction: a group commit
    expect([await usdt(rich), await usdt(poor), await usdt(sink)]).toEqual(['98.75', '0.05', '1.7']);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('a transfer that errors (not a refusal) fails alone: the batch is run again one by one', async () => {
    const writer = new LedgerWriter(h.db, { inFlight: 1 });
    const a = await newUser('10');
    const b = await newUser();
    const good = {
      fu: a,
      fc: USDT,
      ft: change,
      tu: b,
      tc: USDT,
      tt: change,
      a: '1',
      ro: 'transfer_out',
      ri: 'transfer_in',
      rt: 'test',
      rid: 'e1',
      ku: null,
      k: null,
      kr: null,
    };
    const bad = { ...good, tc: 999_999, rid: 'e2' }; // no such currency: the credit's account cannot exist
    const out = await Promise.allSettled([
      writer.submit(good),
      writer.submit(bad),
      writer.submit({ ...good, rid: 'e3' }),
    ]);
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await journalOf('e2')).toEqual([]);
    expect((await journalOf('e1')).length + (await journalOf('e3')).length).toBe(4);
    expect(await usdt(a)).toBe('8');
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('keeps one user’s transfers in order across batches in flight: a transfer waits for the batch that holds its user', async () => {
    const writer = new LedgerWriter(h.db, { inFlight: 2, gather: 1 });
    const [a, b, c, d] = [await newUser('1'), await newUser(), await newUser(), await newUser()];
    const first = writer.submit(el(move(a, b, '1', 'o1'))); // in flight from the next microtask
    await Promise.resolve();
    // b has nothing until o1 commits, c nothing until o2 does: a second batch in flight with
    // either would be refused; both must wait (o3 too, though its users are not in flight)
    const rest = [writer.submit(el(move(b, c, '1', 'o2'))), writer.submit(el(move(c, d, '1', 'o3')))];
    expect((await Promise.all([first, ...rest])).map((r) => r !== null)).toEqual([true, true, true]);
    expect([await usdt(a), await usdt(b), await usdt(c), await usdt(d)]).toEqual(['0', '0', '0', '1']);
  });

  it('gathers: transfers arriving one by one while a batch is in flight go together in the next commit', async () => {
    const writer = new LedgerWriter(h.db, { inFlight: 4, gather: 10 });
    // no user in common: nothing but the gathering keeps a late one out of a batch of its own
    const from = [await newUser('1'), await newUser('1'), await newUser('1'), await newUser('1')];
    const to = [await newUser(), await newUser(), await newUser(), await newUser()];
    const first = writer.submit(el(move(from[0], to[0], '1', 'g0'))); // nothing in flight: it goes at once
    const later: Promise<unknown>[] = [];
    for (let i = 1; i < 4; i++) {
      await Promise.resolve(); // each after the writer's pass over the one before (as requests arrive)
      later.push(writer.submit(el(move(from[i], to[i], '1', `g${i}`))));
    }
    expect((await Promise.all([first, ...later])).every((r) => r !== null)).toBe(true);
    const xids = await Promise.all(['g0', 'g1', 'g2', 'g3'].map(async (r) => (await journalOf(r))[0].xid));
    expect(new Set(xids.slice(1)).size).toBe(1); // the three late ones: one statement
    expect(xids[1]).not.toBe(xids[0]);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('never overdraws under 60 concurrent transfers out of one account, over the pool’s writer', async () => {
    const a = await newUser('10');
    const sinks = [await newUser(), await newUser(), await newUser()];
    const out = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => transfer(h.db, move(a, sinks[i % 3], '1', `c${i}`))),
    );
    expect(out.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(
      out
        .filter((o) => o.status === 'rejected')
        .every((o) => (o as PromiseRejectedResult).reason?.key === 'insufficient_balance'),
    ).toBe(true);
    expect(await usdt(a)).toBe('0');
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('marks the request’s idempotency key committed, with the ref, in the transfer’s own commit', async () => {
    const a = await newUser('3');
    const b = await newUser();
    for (const key of ['k-ok', 'k-refused'])
      await h.db
        .insertInto('idempotency_keys')
        .values({ user_id: a, key, route: 'test' } as never)
        .execute();
    await transfer(h.db, { ...move(a, b, '1', 'idem'), key: { userId: a, key: 'k-ok' } });
    await transfer(h.db, { ...move(a, b, '5', 'idem2'), key: { userId: a, key: 'k-refused' } }).catch(() => undefined);
    const keys = await sql<{
      key: string;
      committed: boolean;
      committed_ref: unknown;
    }>`SELECT key, committed_at IS NOT NULL AS committed, committed_ref FROM idempotency_keys WHERE user_id = ${a} ORDER BY key`.execute(
      h.db,
    );
    expect(keys.rows).toEqual([
      { key: 'k-ok', committed: true, committed_ref: { type: 'test', id: 'idem' } },
      { key: 'k-refused', committed: false, committed_ref: null },
    ]);
  });
});

describe('ledger transfer converting one coin into another (the coin exchange)', () => {
  const BTC = 1;
  const STOCK = 101; // AAPL: not a coin funds may move
  /** `number` USDT out, `received` BTC in, with the exchanges record (its id drawn with the moves) */
  const swap = (u: number, number: string, received: string, to = BTC): TransferInput => ({
    from: { userId: u, currencyId: USDT, type: change, reason: 'exchange_out' },
    to: { userId: u, currencyId: to, type: change, reason: 'exchange_in' },
    amount: number,
    toAmount: received,
    ref: { type: 'exchange' },
    record: 'exchanges',
    exchange: { fromPrice: '1', toPrice: '50000', rate: '0.00002', fee: '0.000001' },
  });
  const recordsOf = (u: number) =>
    sql<{
      id: number;
      from_currency_id: number;
      to_currency_id: number;
      amount: string;
      received: string;
      to_price: string;
    }>`SELECT id, from_currency_id, to_currency_id, amount::text, received::text, to_price::text FROM exchanges WHERE user_id = ${u} ORDER BY id`
      .execute(h.db)
      .then((r) => r.rows);
  const movesOf = (id: number) =>
    sql<{ currency_id: number; reason: string; delta_available: string }>`
      SELECT currency_id, reason, delta_available::text FROM journal
      WHERE ref_type = 'exchange' AND ref_id = ${String(id)} ORDER BY id`
      .execute(h.db)
      .then((r) => r.rows);

  it('debits one coin’s amount and credits another’s in one commit, with its record; a refused one writes nothing', async () => {
    const a = await newUser('2');
    const out = await Promise.allSettled([
      transfer(h.db, swap(a, '1', '0.000019')),
      transfer(h.db, swap(a, '1.5', '0.000029')), // refused: 1 USDT left after the first
      transfer(h.db, swap(a, '0.5', '0.000009')),
    ]);
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((out[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'insufficient_balance' });
    const done = out.filter((o) => o.status === 'fulfilled').map((o) => o.value);
    expect(done[0]).toMatchObject({ from: { available: '1' }, to: { available: '0.000019' } });
    expect(done[1]).toMatchObject({ from: { available: '0.5' }, to: { available: '0.000028' } });
    expect([await usdt(a), await coin(a, BTC)]).toEqual(['0.5', '0.000028']);
    const recs = await recordsOf(a);
    expect(recs.map((r) => String(r.id))).toEqual(done.map((d) => d.refId));
    expect(recs[0]).toMatchObject({
      from_currency_id: USDT,
      to_currency_id: BTC,
      to_price: '50000.000000000000000000',
    });
    expect(recs.map((r) => [Number(r.amount), Number(r.received)])).toEqual([
      [1, 0.000019],
      [0.5, 0.000009],
    ]);
    expect(await movesOf(recs[0].id)).toEqual([
      { currency_id: USDT, reason: 'exchange_out', delta_available: '-1.000000000000000000' },
      { currency_id: BTC, reason: 'exchange_in', delta_available: '0.000019000000000000' },
    ]);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('in a caller’s transaction: the same moves and record, rolled back with it', async () => {
    const a = await newUser('3');
    await expect(
      inTransaction(h.db, async (trx) => {
        await transfer(trx, swap(a, '1', '0.00002'));
        throw new Error('caller fails after the exchange');
      }),
    ).rejects.toThrow(/caller fails/);
    expect(await recordsOf(a)).toEqual([]);
    const r = await inTransaction(h.db, (trx) => transfer(trx, swap(a, '1', '0.00002')));
    const recs = await recordsOf(a);
    expect(recs.map((x) => String(x.id))).toEqual([r.refId]);
    expect(await movesOf(recs[0].id)).toHaveLength(2);
    expect([await usdt(a), await coin(a, BTC)]).toEqual(['2', '0.00002']);
    await expect(inTransaction(h.db, (trx) => transfer(trx, swap(a, '5', '0.0001')))).rejects.toMatchObject({
      key: 'insufficient_balance',
    });
    expect(await recordsOf(a)).toHaveLength(1);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('with the coin check, refuses a conversion into a coin funds may not move, writing nothing', async () => {
    const a = await newUser('3');
    await expect(transfer(h.db, { ...swap(a, '1', '1', STOCK), fundsCoin: true })).rejects.toMatchObject({
      key: 'currency_invalid',
    });
    expect([await usdt(a), await coin(a, STOCK), await recordsOf(a)]).toEqual(['3', undefined, []]);
    const ok = await transfer(h.db, { ...swap(a, '1', '0.00002'), fundsCoin: true });
    expect(ok.coin).toBe('USDT');
  });
});
