/**
 * The one error handler: every failure leaves as an envelope in the request's language.
 * AppError → HTTP 200 (a business answer). Anything else keeps a non-200 status (DESIGN §3):
 * malformed body 400, too large 413, rate limited 429, unknown route 404, fault 500. A database
 * error that bad input or a race can cause is a business answer too (pg-errors.ts), and a write this
 * process may not make now (a deposed engine leader's, UnavailableError) answers engine_unavailable.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope';
import { AppError, UnavailableError } from '../errors';
import { requestLang } from './lang';
import { translate, type MessageKey } from '../i18n/messages';
import { pgErrorKey } from './pg-errors';

function statusKey(status: number): MessageKey {
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'too_many_requests';
  if (status === 404) return 'not_found';
  // refused by a stopping server before any effect (db/group-commit.ts ShuttingDownError)
  if (status === 503) return 'server_restarting';
  if (status >= 400 && status < 500) return 'malformed_request';
  return 'server_error';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    if (err instanceof AppError) {
      // a throttle's wait: clients and proxies may honour the standard header too
      if (err.key === 'auth_wait' && typeof err.params?.seconds === 'number')
        reply.header('retry-after', String(err.params.seconds));
      return reply.code(200).send(errorEnvelope(err.type, translate(err.key, lang, err.params)));
    }
    if (err instanceof UnavailableError) {
      // a deposed leader's late write, refused and rolled back: the client retries on the new one
      req.log.warn({ err: err.message }, 'write refused: not the engine leader');
      return reply.code(200).send(errorEnvelope('error', translate(err.key, lang)));
    }
    const pgKey = pgErrorKey(err);
    if (pgKey) {
      // logged: each one means a validation or a race the code should have answered itself
      req.log.warn({ err }, 'database refused the request');
      return reply.code(200).send(errorEnvelope('error', translate(pgKey, lang)));
    }
    const raw = (err as FastifyError).statusCode;
    const status = typeof raw === 'number' && raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code: (err as FastifyError).code, status }, err.message);
    // Fastify's own validation errors are parameter errors, a business answer like any other.
    if ((err as FastifyError).validation)
      return reply.code(200).send(errorEnvelope('error', translate('param_error', lang)));
    return reply.code(status).send(errorEnvelope('error', translate(statusKey(status), lang)));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorEnvelope('error', translate('not_found', requestLang(req))));
  });
}
