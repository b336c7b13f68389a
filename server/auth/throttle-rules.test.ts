/** The throttle's arithmetic (no database): the bounds docs/security.md promises. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { failed, RULES, spent, verdict, waitAfter, type BudgetState, type SourceState } from './throttle-rules';
import { signDevice, verifyDevice } from './device-cookie';

const rule = RULES.login;
const T = 1_900_000_000_000;
const attacked: BudgetState = { failures: rule.budget, windowStart: T };

describe('throttle rules', () => {
  it('a source waits 0 for its free failures, then 2 s doubling, never more than the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((f) => waitAfter(rule, f, false))).toEqual([0, 0, 0, 0, 2000, 4000, 8000]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.boolean(), (f, underAttack) => {
        const w = waitAfter(rule, f, underAttack);
        expect(w).toBeLessThanOrEqual(rule.maxMs);
        expect(waitAfter(rule, f + 1, underAttack)).toBeGreaterThanOrEqual(w);
      }),
    );
  });

  it('whatever the budget and other sources did, a known device without failures of its own never waits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 3_600_000 }), (failures, since) => {
        expect(verdict(rule, undefined, { failures, windowStart: T - since }, true, T).waitMs).toBe(0);
      }),
    );
  });

  it('under attack a new untrusted source waits exactly the stranger wait once, then its attempt counts', () => {
    const first = verdict(rule, undefined, attacked, false, T + 1);
    expect(first).toEqual({ waitMs: rule.strangerWaitMs, remember: true });
    const seen: SourceState = { failures: 0, nextAt: T + 1, firstSeen: T + 1, updatedAt: T + 1 };
    expect(verdict(rule, seen, attacked, false, T + 1 + rule.strangerWaitMs).waitMs).toBe(0);
    // its first failure then earns the base wait (no free failures under attack)
    expect(failed(rule, seen, true, T + 2 + rule.strangerWaitMs).nextAt - (T + 2 + rule.strangerWaitMs)).toBe(
      rule.baseMs,
    );
  });

  it('the budget counts within its window and starts over after it', () => {
    expect(spent(rule, { failures: 5, windowStart: T }, T + 1000)).toEqual({ failures: 6, windowStart: T });
    expect(spent(rule, { failures: 50, windowStart: T }, T + rule.windowMs)).toEqual({
      failures: 1,
      windowStart: T + rule.windowMs,
    });
  });
});

describe('known-device token', () => {
  it('verifies what it signed and nothing else', () => {
    const token = signDevice('k'.repeat(32), 'u7');
    expect(verifyDevice('k'.repeat(32), token)).toMatchObject({ account: 'u7' });
    expect(verifyDevice('j'.repeat(32), token)).toBeUndefined();
    expect(verifyDevice('k'.repeat(32), token.replace('.u7.', '.u8.'))).toBeUndefined();
    expect(verifyDevice('k'.repeat(32), 'v1.u7.abc')).toBeUndefined();
    expect(verifyDevice('k'.repeat(32), undefined)).toBeUndefined();
  });
});
