/**
 * The envelope of DESIGN §3. Handlers return ok(payload) or throw AppError(key); the error handler
 * (http/errors.ts) turns an AppError into HTTP 200 {type, code: 0, message: <translated text>}.
 */
import type { ErrorEnvelope, OkEnvelope } from '../../core';
import type { MessageKey } from '../i18n/messages';

export type { OkEnvelope, ErrorEnvelope };
export type { MessageKey };

export function ok<T>(message: T): OkEnvelope<T> {
  return { type: 'ok', code: 1, message };
}

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

export function errorEnvelope(type: AppErrorType, message: string): ErrorEnvelope {
  return { type, code: 0, message };
}
