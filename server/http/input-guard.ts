/**
 * The one gate every request passes before its handler (issue 14 item 9): a string anywhere in
 * the query, the form/JSON body or the path holding a NUL or another control character is a
 * parameter error. PostgreSQL cannot store NUL in text (22P05/22021) and no field of this app
 * wants control characters; tab and line breaks stay allowed for multi-line texts.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlChars(s: string): boolean {
  return CONTROL.test(s);
}

/** true when any string (value or key) in a parsed form/JSON value holds a control character */
export function anyControlChars(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return hasControlChars(v);
  if (depth > 8 || v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  if (Array.isArray(v)) return v.some((x) => anyControlChars(x, depth + 1));
  // any prototype: the query and form parsers build objects on a bare prototype of their own
  return Object.entries(v).some(([k, x]) => hasControlChars(k) || anyControlChars(x, depth + 1));
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (anyControlChars(req.query) || anyControlChars(req.params) || anyControlChars(req.body)) throw new AppError('param_error');
  });
}
