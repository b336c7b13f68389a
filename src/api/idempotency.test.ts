import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mayRetry, newIdempotencyKey, type KeySource } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Only getRandomValues, as on a page served over plain http (randomUUID needs a secure context). */
const insecureContext: KeySource = { getRandomValues: (a) => webcrypto.getRandomValues(a) };

describe('newIdempotencyKey', () => {
  it('uses crypto.randomUUID when the page has it', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-random-uuid' })).toBe('from-random-uuid');
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('falls back to getRandomValues with a well-formed version-4 UUID', () => {
    const keys = new Set(Array.from({ length: 500 }, () => newIdempotencyKey(insecureContext)));
    expect(keys.size).toBe(500);
    for (const k of keys) expect(k).toMatch(UUID_V4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const ones: KeySource = { getRandomValues: (a) => a.fill(0xff) };
    const zeros: KeySource = { getRandomValues: (a) => a.fill(0) };
    expect(newIdempotencyKey(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newIdempotencyKey(zeros)).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('fits the server limit of 100 characters', () => {
    expect(newIdempotencyKey(insecureContext).length).toBeLessThanOrEqual(100);
  });

  it('refuses to make a guessable key when no secure random source exists', () => {
    expect(() => newIdempotencyKey({})).toThrow(/secure random/);
  });
});

describe('mayRetry', () => {
  const dropped = { cancelled: false, code: 'network' };

  it('retries a keyed call once when the connection failed before any answer', () => {
    expect(mayRetry(true, dropped, 1, 2)).toBe(true);
    expect(mayRetry(true, dropped, 2, 2)).toBe(false);
  });

  it('retries when a gateway says the app server was unreachable', () => {
    for (const status of [502, 503, 504])
      expect(mayRetry(true, { cancelled: false, status, code: 'ERR_BAD_RESPONSE' }, 1, 2)).toBe(true);
    for (const status of [400, 401, 404, 500])
      expect(mayRetry(true, { cancelled: false, status, code: 'ERR_BAD_RESPONSE' }, 1, 2)).toBe(false);
  });

  it('never retries a call without a key: it could run twice', () => {
    expect(mayRetry(false, dropped, 1, 2)).toBe(false);
    expect(mayRetry(false, { cancelled: false, status: 503 }, 1, 2)).toBe(false);
  });

  it('does not retry a timeout (the first attempt may still be running) or a cancelled call', () => {
    expect(mayRetry(true, { cancelled: false, code: 'timeout' }, 1, 2)).toBe(false);
    expect(mayRetry(true, { cancelled: true, code: 'ERR_CANCELED' }, 1, 2)).toBe(false);
  });
});
