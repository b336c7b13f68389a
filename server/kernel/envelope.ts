/**
 * The envelope of DESIGN §3, the shape of every answer: ok(payload) is {type: 'ok', code: 1,
 * message}; a failure is {type, code: 0, message: <translated text>}. Handlers return ok(...) or
 * throw AppError(key) (server/errors.ts); the error handler (http/errors.ts) maps the AppError.
 */
import type { ErrorEnvelope, OkEnvelope } from '../../core';
import type { AppErrorType } from '../errors';

export type { OkEnvelope, ErrorEnvelope };

export function ok<T>(message: T): OkEnvelope<T> {
  return { type: 'ok', code: 1, message };
}

export function errorEnvelope(type: AppErrorType, message: string): ErrorEnvelope {
  return { type, code: 0, message };
}
