/**
 * Loans raced 50 ways at one price tick: the price has just reached the liquidation level, and the
 * borrowers' repayments (whole and partial), new borrows and added collateral hit the API while the
 * liquidation pass runs. Each loan ends one way only — repaid, or liquidated once at that tick's
 * price, or still open when collateral came first — every answer is an envelope (no 5xx, no
 * deadlock), and the journal still sums to the balances.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BTC, BTC_USDT, T0, USDT, grant, loanKit, type LoanKit } from '../../testing/loans-kit';
import { balance, prices } from '../../testing/funds-kit';
import { journalSound, postAs, quickUsers, race, step, until, type Call } from '../../testing/race-kit';

let k: LoanKit;
beforeAll(async () => void (k = await loanKit()));
afterAll(async () => k?.close());

const loanCall =
  (path: string, token: string, fields: Record<string, string | number>): Call =>
  () =>
    postAs(k.t.app, `/api/loan/${path}`, token, fields);

it('repay, borrow and add collateral against the liquidation at the same tick: each loan repaid or liquidated once, never both', async () => {
  const seen = new Set<string>();
  for (let round = 0; round < 2; round++) {
    k.clock.now = T0;
    prices(k.t, { BTC: '50000' });
    const users = await quickUsers(k.t, 10);
    for (const u of users) {
      await grant(k.t, u.id, BTC, '1');
      await grant(k.t, u.id, USDT, '100');
    }
    const ids: number[] = [];
    for (const u of users) {
      const r = (
        await postAs(k.t.app, '/api/loan/borrow', u.token, { pair_id: BTC_USDT, amount: '3000', collateral: '0.1' })
      ).json() as { type: string; message: { id: number } };
      expect(r.type).toBe('ok');
      ids.push(r.message.id);
    }
    prices(k.t, { BTC: '33000' }); // 3000 / 3300 = 90.9 %: at the liquidation level
    const calls: Call[] = [];
    users.forEach((u, i) => {
      const id = ids[i];
      // half the borrowers repay in full; the other half only in part (their loan is liquidated or,
      // the collateral added first, stays open)
      const whole = i % 2 === 0;
      const mine: Call[] = [
        loanCall('repay', u.token, whole ? { id, amount: '3000', all: 1 } : { id, amount: '2' }),
        loanCall('repay', u.token, whole ? { id, amount: '3000', all: 1 } : { id, amount: '3' }),
        loanCall('repay', u.token, { id, amount: '1' }),
        // a new loan at this price: 0.2 BTC × 33,000 = 6,600, 1,000 is 15 %, under the initial level
        loanCall('borrow', u.token, { pair_id: BTC_USDT, amount: '1000', collateral: '0.2' }),
        loanCall('addCollateral', u.token, { id, amount: '0.05' }),
      ];
      calls.push(...(round % 2 ? mine.reverse() : mine));
    });
    // the liquidation pass three times (the job and its sweep overlap): round 0 in the middle of the
    // burst, once three loans are repaid; round 1 at its head. Over the rounds both the borrowers and
    // the pass win (the part-repaid loans can only end liquidated or open)
    const repaid = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM loans WHERE id IN (${sql.join(ids)}) AND status = 'repaid'`.execute(
          k.t.app.db,
        )
      ).rows[0].n >= 3;
    const pass = () =>
      step(async () => {
        if (round === 0) await until(repaid);
        return k.t.app.loans.runOnce();
      });
    for (const at of round === 0 ? [10, 25, 40] : [0, 1, 2]) calls.splice(at, 0, pass());
    expect(calls).toHaveLength(53);
    await race(calls);
    await k.t.app.loans.runOnce(); // whatever is left at this price settles now

    for (const [i, id] of ids.entries()) {
      const row = await k.t.app.db
        .selectFrom('loans')
        .select(['status', 'collateral'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const ev = await sql<{
        kind: string;
        n: number;
        price: string | null;
      }>`SELECT kind, count(*)::int AS n, max(price)::text AS price FROM loan_events WHERE loan_id = ${id} AND kind IN ('liquidation', 'repay') GROUP BY kind`.execute(
        k.t.app.db,
      );
      const by = Object.fromEntries(ev.rows.map((r) => [r.kind, r]));
      seen.add(row.status);
      expect(['repaid', 'liquidated', 'open']).toContain(row.status);
      if (row.status === 'liquidated') {
        expect(by.liquidation?.n).toBe(1);
        expect(Number(by.liquidation?.price)).toBe(33000); // at the tick that decided it
      } else {
        expect(by.liquidation).toBeUndefined();
      }
      const liq = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM journal WHERE ref_type = 'loan' AND ref_id = ${String(id)} AND reason = 'loan_liquidation'`.execute(
        k.t.app.db,
      );
      expect(liq.rows[0].n).toBe(row.status === 'liquidated' ? 1 : 0);
      // a repaid loan returned every bit of its collateral; nothing stays frozen for a closed loan
      if (row.status !== 'open') expect(Number(row.collateral)).toBe(0);
      const btc = await balance(k.t, users[i].id, BTC);
      const frozen = await sql<{
        s: string;
      }>`SELECT COALESCE(sum(collateral), 0)::text AS s FROM loans WHERE user_id = ${users[i].id} AND status IN ('open', 'liquidating')`.execute(
        k.t.app.db,
      );
      expect(Number(btc.frozen)).toBeCloseTo(Number(frozen.rows[0].s), 8);
      expect(Number((await balance(k.t, users[i].id, USDT)).frozen)).toBe(0);
    }
  }
  // more than one ending was reached over the rounds (the race is real, not won by construction)
  expect(seen.size).toBeGreaterThan(1);
  prices(k.t, { BTC: '50000' });
  await journalSound(k.t.app.db);
}, 120_000);
