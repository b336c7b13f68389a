import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../testing/ledger-kit';
import type { DbHandle } from './connect';
import { seed } from './seed';
import {
  checkAmount,
  checkJournalConsistency,
  credit,
  debit,
  freeze,
  getBalances,
  settleFrozen,
  unfreeze,
} from './ledger';
import { AppError } from '../errors';
import { ACCOUNT_TYPES } from '../../core';

let h: DbHandle;
const BTC = 1;
const change = ACCOUNT_TYPES.change;

const newUser = (name: string) => ledgerUser(h.db, { name });

function balanceOf(rows: Awaited<ReturnType<typeof getBalances>>, currencyId: number) {
  return rows.find((r) => r.currency_id === currencyId && r.type === change);
}

beforeAll(async () => {
  h = await createTestDb();
  await seed(h.db);
});
afterAll(async () => {
  await h?.close();
});

describe('ledger', () => {
  it('moves balances exactly and journals every change', async () => {
    const u = await newUser('ledger1');
    await h.db.transaction().execute(async (trx) => {
      await credit(trx, {
        userId: u,
        currencyId: USDT,
        type: change,
        amount: '100.1',
        reason: 'recharge',
        ref: { type: 'recharge', id: 1 },
      });
      await debit(trx, { userId: u, currencyId: USDT, type: change, amount: '0.1', reason: 'fee' });
      await freeze(trx, {
        userId: u,
        currencyId: USDT,
        type: change,
        amount: '40.000000000000000001',
        reason: 'order',
      });
      await unfreeze(trx, { userId: u, currencyId: USDT, type: change, amount: '10', reason: 'cancel' });
      const after = await settleFrozen(trx, {
        userId: u,
        currencyId: USDT,
        type: change,
        amount: '30.000000000000000001',
        reason: 'fill',
      });
      expect(after).toMatchObject({ available: '69.999999999999999999', frozen: '0' });
    });
    const b = balanceOf(await getBalances(h.db, u), USDT);
    expect(b).toMatchObject({ currency: 'USDT', available: '69.999999999999999999', frozen: '0' });
    const journal = await h.db.selectFrom('journal').selectAll().where('user_id', '=', u).orderBy('id').execute();
    expect(journal.map((j) => j.reason)).toEqual(['recharge', 'fee', 'order', 'cancel', 'fill']);
    expect(journal[0]).toMatchObject({ ref_type: 'recharge', ref_id: '1' });
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('refuses an overdraw with insufficient_balance and rolls the transaction back', async () => {
    const u = await newUser('ledger2');
    await h.db
      .transaction()
      .execute((trx) => credit(trx, { userId: u, currencyId: BTC, type: change, amount: '1', reason: 'recharge' }));
    const attempt = h.db.transaction().execute(async (trx) => {
      await debit(trx, { userId: u, currencyId: BTC, type: change, amount: '0.4', reason: 'a' });
      await debit(trx, { userId: u, currencyId: BTC, type: change, amount: '0.6000000001', reason: 'b' });
    });
    await expect(attempt).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(balanceOf(await getBalances(h.db, u), BTC)?.available).toBe('1');
    const n = await h.db.selectFrom('journal').select('id').where('user_id', '=', u).execute();
    expect(n).toHaveLength(1);
    // Unfreezing or settling more than is frozen fails the same way; so does debiting a missing account.
    await expect(
      h.db
        .transaction()
        .execute((trx) => unfreeze(trx, { userId: u, currencyId: BTC, type: change, amount: '0.1', reason: 'x' })),
    ).rejects.toBeInstanceOf(AppError);
    await expect(
      h.db
        .transaction()
        .execute((trx) => debit(trx, { userId: u, currencyId: USDT, type: 4, amount: '1', reason: 'x' })),
    ).rejects.toMatchObject({ key: 'insufficient_balance' });
  });

  it('rejects amounts that are not positive decimal strings within NUMERIC(36,18)', () => {
    for (const bad of [
      '0',
      '-1',
      '1e3',
      'abc',
      '',
      ' ',
      '1.0000000000000000001',
      '1000000000000000000',
      'NaN',
      'Infinity',
      '0x10',
    ]) {
      expect(() => checkAmount(bad), bad).toThrow(AppError);
    }
    expect(checkAmount('0.000000000000000001')).toBe('0.000000000000000001');
    expect(checkAmount('12.50')).toBe('12.5');
    // the limits are the value's, not the text's: zeros around the digits change nothing
    expect(() => checkAmount('000.000')).toThrow(AppError);
    expect(checkAmount(' 007.10 ')).toBe('7.1');
    expect(checkAmount('1.500000000000000000000')).toBe('1.5');
    expect(checkAmount('0999999999999999999.999999999999999999')).toBe('999999999999999999.999999999999999999');
  });

  it('never overdraws under 50 concurrent debits', async () => {
    const u = await newUser('ledger3');
    await h.db
      .transaction()
      .execute((trx) => credit(trx, { userId: u, currencyId: USDT, type: change, amount: '10', reason: 'recharge' }));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        h.db.transaction().execute((trx) =>
          debit(trx, {
            userId: u,
            currencyId: USDT,
            type: change,
            amount: '0.7',
            reason: 'race',
            ref: { type: 't', id: i },
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(14); // floor(10 / 0.7)
    for (const f of failed) expect((f as PromiseRejectedResult).reason).toMatchObject({ key: 'insufficient_balance' });
    expect(balanceOf(await getBalances(h.db, u), USDT)?.available).toBe('0.2');
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it('detects a balance changed behind the ledger', async () => {
    const u = await newUser('ledger4');
    await h.db
      .transaction()
      .execute((trx) => credit(trx, { userId: u, currencyId: USDT, type: change, amount: '5', reason: 'recharge' }));
    await h.db.updateTable('accounts').set({ available: '6' }).where('user_id', '=', u).execute();
    const bad = await checkJournalConsistency(h.db);
    expect(bad).toHaveLength(1);
    expect(Number(bad[0].journal_available)).toBe(5);
    await h.db.updateTable('accounts').set({ available: '5' }).where('user_id', '=', u).execute();
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it("refuses a journal row naming another user, currency or type than its account's (migration 067's key)", async () => {
    const [u, other] = [await newUser('ledger5'), await newUser('ledger6')];
    await h.db
      .transaction()
      .execute((trx) => credit(trx, { userId: u, currencyId: USDT, type: change, amount: '5', reason: 'recharge' }));
    const acc = await h.db.selectFrom('accounts').select('id').where('user_id', '=', u).executeTakeFirstOrThrow();
    const row = { user_id: u, account_id: acc.id, currency_id: USDT, type: change as number, delta_available: '0' };
    const insert = (r: typeof row) =>
      h.db
        .insertInto('journal')
        .values({ ...r, delta_frozen: '0', available_after: '5', frozen_after: '0', reason: 'test' })
        .execute();
    for (const wrong of [{ user_id: other }, { currency_id: BTC }, { type: change + 1 }])
      await expect(insert({ ...row, ...wrong })).rejects.toThrow(/journal_account_key_fkey/);
    await insert(row); // the account's own: taken
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  });

  it("refuses a transfer record whose user, coin or from type is no account's (migration 073's key)", async () => {
    const u = await newUser('ledger7');
    await h.db
      .transaction()
      .execute((trx) => credit(trx, { userId: u, currencyId: USDT, type: change, amount: '5', reason: 'recharge' }));
    const rec = { user_id: u, currency_id: USDT, amount: '1', from_type: change as number, to_type: change + 1 };
    const insert = (r: typeof rec) => h.db.insertInto('fund_transfers').values(r).execute();
    // a user, a coin and a type that exist, but no account of u's is all three
    for (const wrong of [
      { user_id: await newUser('ledger8') },
      { currency_id: BTC },
      { from_type: change + 1, to_type: change },
    ])
      await expect(insert({ ...rec, ...wrong })).rejects.toThrow(/fund_transfers_account_key_fkey/);
    await insert(rec); // debited from u's own account: taken
  });
});
