/**
 * The one gate every request passes before its handler: a string anywhere in
 * the query, the form/JSON body or the path holding a NUL or another control character is a
 * parameter error. PostgreSQL cannot store NUL in text (22P05/22021) and no field of this app
 * wants control characters; tab and line breaks stay allowed for multi-line texts.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

import { anyControlChars } from '../kernel/control-chars';
export { anyControlChars };

export function registerInputGuard(app: FastifyInstance): void {
  // a callback hook (it awaits nothing); Fastify answers a throw from it as the request's error
  app.addHook('preValidation', (req, _reply, done) => {
    if (anyControlChars(req.query) || anyControlChars(req.params) || anyControlChars(req.body))
      throw new AppError('param_error');
    done();
  });
}
