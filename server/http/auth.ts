/**
 * Authentication for routes and sockets. The token travels in the Authorization header, raw or as
 * "Bearer <token>". Route groups that need a user add `preHandler: app.authenticate` (or the
 * exported `authenticate`) and read `request.userId`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, lookupSession } from '../auth/sessions';
import { SessionCache } from '../auth/session-cache';
import { DEFAULT_SESSION_LIFETIMES, type AppConfig, type SessionLifetime } from '../config';
import type { SocketIdentity } from '../market/socket-auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by authenticate; 0 before it runs */
    userId: number;
    sessionId: number;
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest) => Promise<void>;
    /** the clock credential checks read (throttle waits, authenticator time steps); replaceable in tests */
    authClock: { now: () => number };
    /** the live sessions authenticate has looked up (revocation drops them: http/session-sockets.ts) */
    sessionCache: SessionCache;
  }
}

export function bearerToken(header: string | string[] | undefined): string | undefined {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return undefined;
  const token = raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw;
  // Tokens are 43 base64url chars; anything wildly different is not worth a database query.
  return token && token.length <= 128 && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/** token → user and session, or null: the resolveUser the market's socket `auth` event uses. */
export function makeResolveUser(
  db: Kysely<Database>,
  life: SessionLifetime = DEFAULT_SESSION_LIFETIMES.user,
): (token: string) => Promise<SocketIdentity | null> {
  return async (token) => {
    const t = bearerToken(token);
    if (!t) return null;
    const s = await lookupSession(db, t, life);
    return s.ok ? { userId: s.userId, sessionId: s.sessionId } : null;
  };
}

/**
 * Route options for every path that checks a credential (password, payment password, code): the
 * per-IP limit logins have, on top of the per-source throttle (auth/throttle.ts).
 */
export function credentialLimit(config: AppConfig) {
  return { config: { rateLimit: { max: config.rateLimits.loginPerIpPerMinute, timeWindow: '1 minute' } } };
}

/**
 * preHandler: a missing token → 999 please_login; unknown, revoked or expired → 999 session_invalid.
 * Sessions come from the process's cache (auth/session-cache.ts), which revocation empties at once.
 */
async function authenticate(this: FastifyInstance | void, req: FastifyRequest): Promise<void> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AppError('please_login', undefined, '999');
  const s = await req.server.sessionCache.lookup(req.server.db, hashToken(token), req.server.config.sessions.user);
  if (!s.ok) throw new AppError('session_invalid', undefined, '999');
  req.userId = s.userId;
  req.sessionId = s.sessionId;
}

/** The caller on a public route (lists show the caller's state when logged in): their user id with a valid token, else 0 (a guest). */
export async function optionalUser(req: FastifyRequest): Promise<number> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return 0;
  const s = await lookupSession(req.server.db, token);
  return s.ok ? s.userId : 0;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('userId', 0);
  app.decorateRequest('sessionId', 0);
  app.decorate('authenticate', authenticate);
  app.decorate('authClock', { now: Date.now });
  app.decorate('sessionCache', new SessionCache());
}
