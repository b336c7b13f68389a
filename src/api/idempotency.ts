/**
 * Idempotency keys for money-moving POSTs (DESIGN §4): the server runs a POST that carries an
 * `Idempotency-Key` header once per (user, key) and answers a repeat with the stored result. So the
 * key is made once per user action and every retry of that action reuses it; a new tap is a new
 * action and gets a new key. Pure functions, unit-tested without a browser.
 */

/** The parts of Web Crypto we use; injectable so the fallback path can be tested. */
export interface KeySource {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

/**
 * A random RFC 4122 version-4 UUID. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost), and the app is also opened over plain http on a LAN address, so fall back to
 * getRandomValues, which is available everywhere. Without either there is no safe source of
 * randomness, and a guessable key could collide with another call's, so we refuse.
 */
export function newIdempotencyKey(source: KeySource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  if (typeof source?.getRandomValues !== 'function') throw new Error('no secure random source for an idempotency key');
  const b = source.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How a failed attempt ended, as far as the retry decision needs to know. */
export interface AttemptFailure {
  /** the request was aborted by the caller (AbortSignal) */
  cancelled: boolean;
  /** HTTP status, when an answer arrived at all */
  status?: number;
  /** how it failed without an answer: network (connection failed or dropped), timeout, cancelled (src/api/http.ts) */
  code?: string;
}

/** Statuses a proxy answers while the app server restarts: the request may not have run. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Whether an idempotent POST may be sent again with the same key. Only when the outcome is
 * unknown: the connection failed or dropped, or a gateway said the app was unreachable. Not after
 * a timeout: the first attempt may still be running, the server would refuse the repeat
 * (too_many_requests) and the user would have waited twice. Not after the user cancelled, and
 * never for a call without a key, which could run twice.
 */
export function mayRetry(idempotent: boolean, failure: AttemptFailure, attempt: number, maxAttempts: number): boolean {
  if (!idempotent || failure.cancelled || attempt >= maxAttempts) return false;
  if (failure.status !== undefined) return GATEWAY_STATUSES.has(failure.status);
  return failure.code === 'network';
}
