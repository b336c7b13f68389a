/**
 * The loan engine through its HTTP API with a controlled clock and scripted prices: hand-checked
 * interest (whole hours by the job exactly once, the part-hour prorated at repayment), interest
 * before principal, all collateral back on full repayment, margin call once per crossing (notice,
 * socket, email), liquidation's split, bad input refused with nothing changed, and balances that
 * always equal their journals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency } from '../../db/ledger';
import { balance, prices, user, type TestUser } from '../../testing/funds-kit';
import { BTC, BTC_USDT, HOUR, T0, USDT, holder, loan, loanKit, type LoanKit } from '../../testing/loans-kit';
import type { Loan, LoanEvent } from '../../../core';

let k: LoanKit;
beforeAll(async () => {
  k = await loanKit();
});
afterAll(async () => k?.close());

const open = async (u: TestUser, amount = '3000', collateral = '0.1') => {
  const r = await loan(k.t, 'borrow', u, { pair_id: BTC_USDT, amount, collateral });
  expect(r.type).toBe('ok');
  return r.message as Loan;
};
const detail = async (u: TestUser, id: number) =>
  (await loan(k.t, 'detail', u, { id })).message as { loan: Loan; events: LoanEvent[] };
const eventsOf = async (u: TestUser, id: number) => (await detail(u, id)).events.map((e) => e.kind);

describe('borrow, interest and repayment', () => {
  it('borrowing freezes the collateral and credits the coin; the job charges each whole hour once; a repayment prorates the part-hour and pays interest first', async () => {
    k.clock.now = T0;
    prices(k.t, { BTC: '50000' });
    const u = await holder(k.t, '100');
    const l = await open(u);
    expect(l).toMatchObject({
      principal: '3000',
      interest: '0',
      collateral: '0.1',
      status: 'open',
      initial_ltv: '0.65',
      hourly_rate: '0.0000057',
    });
    expect(await balance(k.t, u.id, BTC)).toEqual({ available: '0.9', frozen: '0.1' });
    expect(await balance(k.t, u.id, USDT)).toEqual({ available: '3100', frozen: '0' });

    // 2.5 hours: hours 1 and 2 are charged, 3000 × 0.0000057 = 0.0171 each, whatever how many passes run
    k.clock.now = T0 + 2.5 * HOUR;
    expect((await k.t.app.loans.runOnce()).hours).toBe(2);
    expect((await k.t.app.loans.runOnce()).hours).toBe(0);
    expect((await detail(u, l.id)).loan.interest).toBe('0.0342');

    // repay 1 at 2.5 h: the half hour is charged first (0.00855), then 0.04275 of interest and 0.95725 of principal
    const r = (await loan(k.t, 'repay', u, { id: l.id, amount: '1' })).message as Loan;
    expect(r).toMatchObject({ interest: '0', principal: '2999.04275', status: 'open' });
    const repayEv = (await detail(u, l.id)).events.find((e) => e.kind === 'repay')!;
    expect(repayEv).toMatchObject({ amount: '1', interest_part: '0.04275', principal_part: '0.95725' });

    // hour 3 charges only its second half, on the new principal: 2999.04275 × 0.0000057 × 0.5 = 0.0085472718… → up to 8 places
    k.clock.now = T0 + 3 * HOUR;
    expect((await k.t.app.loans.runOnce()).hours).toBe(1);
    expect((await detail(u, l.id)).loan.interest).toBe('0.00854728');

    // repay all: every bit of collateral comes back, the loan is closed
    const done = (await loan(k.t, 'repay', u, { id: l.id, all: 1 })).message as Loan;
    expect(done).toMatchObject({ status: 'repaid', principal: '0', interest: '0' });
    expect(await balance(k.t, u.id, BTC)).toEqual({ available: '1', frozen: '0' });
    // 3100 − (1 + 2999.04275 + 0.00854728)
    expect(await balance(k.t, u.id, USDT)).toEqual({ available: '99.94870272', frozen: '0' });
    expect(await eventsOf(u, l.id)).toEqual([
      'borrow',
      'interest',
      'interest',
      'interest',
      'repay',
      'interest',
      'repay',
    ]);
    expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
  });

  it('adding collateral freezes more; reducing is allowed while the LTV stays under the initial level', async () => {
    k.clock.now = T0;
    prices(k.t, { BTC: '50000' });
    const u = await holder(k.t);
    const l = await open(u, '3000', '0.1');
    await loan(k.t, 'addCollateral', u, { id: l.id, amount: '0.05' });
    expect(await balance(k.t, u.id, BTC)).toEqual({ available: '0.85', frozen: '0.15' });
    // 3000 / (0.06 × 50000) = 1: refused; 0.05 left → 3000 / 2500 too; 0.04 → 3000/5500 = 0.545 fine
    const bad = await loan(k.t, 'reduceCollateral', u, { id: l.id, amount: '0.09' });
    expect(bad.type).toBe('error');
    expect(bad.message).toBe(
      'After the reduction the LTV must stay under 65.00%; you can take back at most 0.05769229 BTC',
    );
    const ok = (await loan(k.t, 'reduceCollateral', u, { id: l.id, amount: '0.04' })).message as Loan;
    expect(ok.collateral).toBe('0.11');
    expect(await balance(k.t, u.id, BTC)).toEqual({ available: '0.89', frozen: '0.11' });
  });
});

describe('bad input is refused with a clear error and changes nothing', () => {
  it('someone else’s loan, amounts outside limits, 30 decimals, above the initial LTV, more than owed, collateral below the initial LTV', async () => {
    k.clock.now = T0;
    prices(k.t, { BTC: '50000' });
    const u = await holder(k.t, '10');
    const other = await user(k.t);
    const l = await open(u);
    const before = async () => ({
      btc: await balance(k.t, u.id, BTC),
      usdt: await balance(k.t, u.id, USDT),
      loans: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM loans WHERE user_id = ${u.id}`.execute(k.t.app.db)
      ).rows[0].n,
      events: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM loan_events WHERE user_id = ${u.id}`.execute(k.t.app.db)
      ).rows[0].n,
    });
    const snap = await before();
    const cases: [string, TestUser, Record<string, string | number>, string][] = [
      ['repay', other, { id: l.id, amount: '1' }, 'This loan does not exist'],
      ['addCollateral', other, { id: l.id, amount: '0.1' }, 'This loan does not exist'],
      ['detail', other, { id: l.id }, 'This loan does not exist'],
      [
        'borrow',
        u,
        { pair_id: BTC_USDT, amount: '5', collateral: '0.1' },
        'The loan amount must be between 10 and 1000000 USDT',
      ],
      [
        'borrow',
        u,
        { pair_id: BTC_USDT, amount: '2000000', collateral: '0.1' },
        'The loan amount must be between 10 and 1000000 USDT',
      ],
      [
        'borrow',
        u,
        { pair_id: BTC_USDT, amount: '100.' + '1'.repeat(30), collateral: '0.1' },
        'Enter a valid amount (at most 8 decimals)',
      ],
      [
        'borrow',
        u,
        { pair_id: BTC_USDT, amount: '-5', collateral: '0.1' },
        'Enter a valid amount (at most 8 decimals)',
      ],
      [
        'borrow',
        u,
        { pair_id: BTC_USDT, amount: '3300', collateral: '0.1' },
        'Not enough collateral: the LTV may not exceed 65.00%; at least 0.10153847 BTC is needed',
      ],
      ['borrow', u, { pair_id: 999, amount: '100', collateral: '0.1' }, 'This loan pair is not available'],
      ['repay', u, { id: l.id, amount: '3000.00000001' }, 'The repayment is more than the 3000 USDT owed'],
      [
        'reduceCollateral',
        u,
        { id: l.id, amount: '0.1' },
        'After the reduction the LTV must stay under 65.00%; you can take back at most 0.00769229 BTC',
      ],
      ['repay', u, { id: l.id, amount: '0.' + '1'.repeat(30) }, 'Enter a valid amount (at most 8 decimals)'],
    ];
    for (const [path, who, fields, message] of cases) {
      const r = await loan(k.t, path, who, fields);
      expect({ path, type: r.type, message: r.message }).toEqual({ path, type: 'error', message });
    }
    // more than the user holds: the ledger refuses (collateral 2 BTC, holds 0.9)
    expect((await loan(k.t, 'addCollateral', u, { id: l.id, amount: '2' })).type).toBe('error');
    expect(await before()).toEqual(snap);
    // guests get nothing
    expect((await loan(k.t, 'list', undefined)).type).not.toBe('ok');
  });
});

describe('margin call and liquidation', () => {
  it('a margin call is sent once per crossing (notice, socket, email), re-armed below the level minus the gap', async () => {
    k.clock.now = T0;
    prices(k.t, { BTC: '50000' });
    const u = await holder(k.t);
    const l = await open(u);
    const pushed: unknown[] = [];
    const emit = k.t.app.market.emitToUser;
    k.t.app.market.emitToUser = (id, ev, payload) => {
      if (id === u.id) pushed.push(payload);
      emit(id, ev, payload);
    };
    const count = async () => ({
      notices: (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM notices WHERE user_id = ${u.id} AND kind = 'loan_margin_call'`.execute(
          k.t.app.db,
        )
      ).rows[0].n,
      mails: (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM outbox WHERE recipient = ${u.email} AND subject = 'Loan margin call'`.execute(
          k.t.app.db,
        )
      ).rows[0].n,
      pushed: pushed.length,
    });
    try {
      prices(k.t, { BTC: '37000' }); // 3000 / 3700 = 81 %
      await k.t.app.loans.runOnce();
      await k.t.app.loans.runOnce();
      prices(k.t, { BTC: '36000' });
      await k.t.app.loans.runOnce();
      expect(await count()).toEqual({ notices: 1, mails: 1, pushed: 1 });
      expect(pushed[0]).toMatchObject({
        kind: 'loan_margin_call',
        ref: { type: 'loan', id: l.id },
        params: { ltv: '81.09', level: '80.00' },
      });
      prices(k.t, { BTC: '38200' }); // 78.5 %: under 80 but inside the 2-point gap → still called
      await k.t.app.loans.runOnce();
      prices(k.t, { BTC: '37000' });
      await k.t.app.loans.runOnce();
      expect((await count()).notices).toBe(1);
      prices(k.t, { BTC: '40000' }); // 75 %: re-armed
      await k.t.app.loans.runOnce();
      prices(k.t, { BTC: '37000' });
      await k.t.app.loans.runOnce();
      expect(await count()).toEqual({ notices: 2, mails: 2, pushed: 2 });
      expect(await eventsOf(u, l.id)).toEqual(['borrow', 'margin_call', 'margin_call']);
    } finally {
      k.t.app.market.emitToUser = emit;
      prices(k.t, { BTC: '50000' });
    }
  });

  it('at the liquidation level collateral worth debt + penalty is sold at the feed price and the rest returned, once', async () => {
    k.clock.now = T0;
    prices(k.t, { BTC: '50000' });
    const u = await holder(k.t);
    const l = await open(u);
    prices(k.t, { BTC: '33000' }); // 3000 / 3300 = 90.9 %
    const r = await k.t.app.loans.runOnce(); // other tests' loans at this price go too
    expect(r.liquidated).toBe(r.marked);
    expect(r.liquidated).toBeGreaterThanOrEqual(1);
    expect((await k.t.app.loans.runOnce()).liquidated).toBe(0);
    const d = await detail(u, l.id);
    expect(d.loan).toMatchObject({ status: 'liquidated', principal: '0', collateral: '0' });
    const ev = d.events.find((e) => e.kind === 'liquidation')!;
    expect(ev.detail).toEqual({
      debt: '3000',
      penalty: '60',
      sold: '0.09272727',
      returned: '0.00727273',
      recovered: '3059.99991',
      shortfall: '0.00009',
    });
    expect(await balance(k.t, u.id, BTC)).toEqual({ available: '0.90727273', frozen: '0' });
    // the borrowed USDT stays with the user
    expect(await balance(k.t, u.id, USDT)).toEqual({ available: '3000', frozen: '0' });
    expect((await loan(k.t, 'repay', u, { id: l.id, amount: '1' })).message).toBe(
      'This loan is already closed or being liquidated',
    );
    expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
    prices(k.t, { BTC: '50000' });
  });

  it('the user sees their loans, open and closed, never another user’s', async () => {
    const u = await holder(k.t);
    const other = await holder(k.t);
    await open(u);
    await open(other);
    const mine = (await loan(k.t, 'list', u, { status: 'open' })).message as Loan[];
    expect(mine).toHaveLength(1);
    expect((await loan(k.t, 'list', u, { status: 'closed' })).message).toEqual([]);
  });
});
