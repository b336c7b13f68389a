/**
 * The envelope of DESIGN §3. Handlers return ok(payload) or throw AppError(key) (server/errors.ts); the error handler
 * (http/errors.ts) turns an AppError into HTTP 200 {type, code: 0, message: <translated text>}.
 */
import type { ErrorEnvelope, OkEnvelope } from '../../core';
import type { MessageKey } from '../i18n/messages';
import type { AppErrorType } from '../errors';

export type { OkEnvelope, ErrorEnvelope };
export type { MessageKey };
// AppError lives on the ground floor (server/errors.ts); the envelope maps it to a response
export { AppError, type AppErrorType } from '../errors';

export function ok<T>(message: T): OkEnvelope<T> {
  return { type: 'ok', code: 1, message };
}

export function errorEnvelope(type: AppErrorType, message: string): ErrorEnvelope {
  return { type, code: 0, message };
}
