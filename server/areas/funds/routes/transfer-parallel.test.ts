import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { call, closeKit, kit, operator, user } from '../../../testing/funds-kit';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
});
afterAll(() => closeKit(t));

describe('transfers sent at once (a real server runs them in parallel)', () => {
  it('answer each request with its own transfer', async () => {
    const u = await user(t);
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: 4,
      type: 2,
      amount: '100',
      reason: 'test funding',
    });
    const amounts = ['1', '2', '3', '4', '5', '6', '7', '8'];
    const replies = await Promise.all(
      amounts.map((n) =>
        call(t, 'POST', '/api/wallet/change', u.token, {
          currency_id: 4,
          number: n,
          from_field: 'change',
          to_field: 'lever',
        }),
      ),
    );
    expect(replies.map((r) => (r.message as { number?: string } | null)?.number)).toEqual(amounts);
    expect(new Set(replies.map((r) => (r.message as { id: number }).id)).size).toBe(amounts.length);
  });
});
