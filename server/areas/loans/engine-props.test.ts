/**
 * Properties of the loan engine on the database: for any borrow within the limits, any hours
 * passing, any partial repayments and collateral added, repaying everything returns all the
 * collateral and the balances equal their journals. And the back office: a pair edit applies to
 * new loans only and is logged; a customer cannot reach it.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { maxBorrow, type Loan } from '../../../core';
import { checkJournalConsistency } from '../../db/ledger';
import { balance, operator, prices } from '../../testing/funds-kit';
import { BTC, BTC_USDT, HOUR, T0, USDT, holder, loan, loanKit, type LoanKit } from '../../testing/loans-kit';

let k: LoanKit;
beforeAll(async () => {
  k = await loanKit();
});
afterAll(async () => k?.close());

it('repaying everything returns all the collateral, whatever came before (fast-check)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 10, max: 3250 }),
      fc.array(
        fc.record({
          hours: fc.integer({ min: 0, max: 30 }),
          minutes: fc.integer({ min: 0, max: 59 }),
          repay: fc.integer({ min: 0, max: 500 }),
          add: fc.integer({ min: 0, max: 5 }),
        }),
        { maxLength: 4 },
      ),
      async (amount, steps) => {
        k.clock.now = T0;
        prices(k.t, { BTC: '50000' });
        const u = await holder(k.t, '1000');
        expect(new Decimal(amount).lte(maxBorrow('0.1', '50000', '0.65'))).toBe(true);
        const l = (await loan(k.t, 'borrow', u, { pair_id: BTC_USDT, amount: String(amount), collateral: '0.1' }))
          .message as Loan;
        for (const s of steps) {
          k.clock.now += s.hours * HOUR + s.minutes * 60_000;
          await k.t.app.loans.runOnce();
          if (s.repay > 0 && s.repay < amount)
            expect((await loan(k.t, 'repay', u, { id: l.id, amount: String(s.repay / 100) })).type).toBe('ok');
          if (s.add > 0)
            expect((await loan(k.t, 'addCollateral', u, { id: l.id, amount: `0.0${s.add}` })).type).toBe('ok');
        }
        const done = (await loan(k.t, 'repay', u, { id: l.id, all: 1 })).message as Loan;
        expect(done.status).toBe('repaid');
        expect(await balance(k.t, u.id, BTC)).toEqual({ available: '1', frozen: '0' });
        // what left the USDT account beyond the borrowed amount is exactly the interest charged
        const charged = await sql<{
          s: string;
        }>`SELECT COALESCE(sum(amount), 0)::text AS s FROM loan_events WHERE loan_id = ${l.id} AND kind = 'interest'`.execute(
          k.t.app.db,
        );
        expect(new Decimal(1000).minus((await balance(k.t, u.id, USDT)).available).eq(charged.rows[0].s)).toBe(true);
      },
    ),
    { numRuns: 8 },
  );
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
}, 120_000);

it('a pair edit applies to new loans only, is logged with its reason, and customers cannot reach it', async () => {
  k.clock.now = T0;
  prices(k.t, { BTC: '50000' });
  const u = await holder(k.t);
  const before = (await loan(k.t, 'borrow', u, { pair_id: BTC_USDT, amount: '1000', collateral: '0.1' }))
    .message as Loan;
  const token = await operator(k.t);
  const h = { authorization: token, 'content-type': 'application/x-www-form-urlencoded' };
  const edit = (fields: Record<string, string>, headers: Record<string, string> = h) =>
    k.t.app.inject({
      method: 'POST',
      url: `/admin/api/loans/pairs/${BTC_USDT}`,
      payload: new URLSearchParams(fields).toString(),
      headers,
    });
  const terms = {
    initial_ltv: '0.5',
    margin_call_ltv: '0.7',
    liquidation_ltv: '0.85',
    hourly_rate: '0.00001',
    liquidation_penalty: '0.03',
    min_amount: '20',
    max_amount: '900000',
    reason: 'risk review',
  };
  expect((await edit({ ...terms, margin_call_ltv: '0.4' })).json()).toMatchObject({ type: 'error' }); // levels must rise
  const customer = (
    await edit(terms, { authorization: u.token, 'content-type': 'application/x-www-form-urlencoded' })
  ).json();
  expect(customer.type).toBe('999'); // the operator login envelope: a customer token is no operator session
  expect((await edit(terms)).json()).toMatchObject({ type: 'ok' });
  const after = (await loan(k.t, 'borrow', u, { pair_id: BTC_USDT, amount: '1000', collateral: '0.1' }))
    .message as Loan;
  expect(after).toMatchObject({ initial_ltv: '0.5', hourly_rate: '0.00001' });
  const old = ((await loan(k.t, 'detail', u, { id: before.id })).message as { loan: Loan }).loan;
  expect(old).toMatchObject({ initial_ltv: '0.65', margin_call_ltv: '0.8', hourly_rate: '0.0000057' });
  const log = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM operator_actions WHERE action = 'loan_pair_update' AND reason = 'risk review'`.execute(
    k.t.app.db,
  );
  expect(log.rows[0].n).toBe(1);
  const list = (await k.t.app.inject({ method: 'GET', url: '/admin/api/loans/loans?status=open', headers: h })).json();
  const row = (list.message as (Loan & { live: { ltv: string } })[]).find((r) => r.id === before.id)!;
  expect(row.live).toMatchObject({ ltv: '0.2', level: 'safe' });
});
