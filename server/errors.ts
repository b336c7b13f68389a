/**
 * The ground floor of every failure a user is told about: a business rule throws AppError(key) and
 * the HTTP envelope (http/errors.ts) turns it into HTTP 200 {type, code: 0, message: <translated>}.
 * It imports nothing but the message keys, so domain, db and jobs code can throw it without
 * knowing about HTTP.
 */
import type { MessageKey } from './i18n/messages';

export type { MessageKey };

/** the envelope's type: 'error', or one of the spec's session answers ('999', '998') */
export type AppErrorType = 'error' | '999' | '998';

/** A business answer in words: always HTTP 200, never logged as a fault. */
export class AppError extends Error {
  readonly key: MessageKey;
  readonly params: Record<string, string | number> | undefined;
  readonly type: AppErrorType;

  constructor(key: MessageKey, params?: Record<string, string | number>, type: AppErrorType = 'error') {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.params = params;
    this.type = type;
  }
}

/**
 * Not a business answer and not a fault: this process may not write just now (cluster mode: a
 * deposed engine leader's fenced transaction, server/scale/lease.ts). Nothing was written; the
 * client's retry (same Idempotency-Key) reaches the new leader. The envelope answers `key`, HTTP 200.
 * Deliberately not an AppError: code that treats an AppError as "this order is refused" must not
 * mistake a lost lease for a verdict on the order.
 */
export class UnavailableError extends Error {
  readonly key: MessageKey = 'engine_unavailable';
}
