/**
 * The operator's session travels in a cookie, not in script-readable storage: the back
 * office is served from the customer app's origin, so any script injected into the app could read
 * a token kept in localStorage or sessionStorage and use it from anywhere. The cookie is:
 * - HttpOnly: no script reads it;
 * - SameSite=Strict and Path=/admin/api: sent only with same-site requests to the back office API;
 * - Secure when the request came over https (req.protocol honours TRUST_PROXY's X-Forwarded-Proto);
 * - a session cookie (no Max-Age): it ends with the browser; the server-side lifetimes still apply.
 *
 * Cookie auth is ambient, so state-changing calls that rely on it (and the login that sets it)
 * must prove they come from our own pages: a custom header, which a cross-site form cannot send
 * and a cross-site fetch cannot send without a CORS preflight we never grant, plus an Origin that,
 * when the browser sends one, is our own (the one addressed, or PUBLIC_URL's). Calls that carry the token in Authorization (scripts,
 * tests) are not ambient and need neither.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from './auth';

const OPERATOR_COOKIE = 'h5_operator';
const OPERATOR_COOKIE_PATH = '/admin/api';
/** The header the back office's own pages send with every call (value `1`). */
const OPERATOR_CSRF_HEADER = 'x-operator-csrf';

/** The operator token of a request: its Authorization header (scripts) or its cookie (browsers). */
export function operatorToken(req: FastifyRequest): string | undefined {
  return bearerToken(req.headers.authorization) ?? cookieToken(req);
}

function cookieToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === OPERATOR_COOKIE)
      return bearerToken(decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return undefined;
}

function attributes(req: FastifyRequest): string {
  return `Path=${OPERATOR_COOKIE_PATH}; HttpOnly; SameSite=Strict${req.protocol === 'https' ? '; Secure' : ''}`;
}

export function setOperatorCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', `${OPERATOR_COOKIE}=${encodeURIComponent(token)}; ${attributes(req)}`);
}

export function clearOperatorCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${OPERATOR_COOKIE}=; Max-Age=0; ${attributes(req)}`);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a request to /admin/api must be refused as a possible cross-site request, or undefined when
 * it may go on. Only calls that ride on the cookie (ambient credentials) are checked, and the login
 * that sets it (`login`): safe methods and Authorization-carrying calls pass; the rest need our
 * header and, if the browser names an Origin, our own. A call with no credential at all goes on to
 * be answered "please log in".
 */
export function csrfProblem(req: FastifyRequest, login = false): string | undefined {
  if (SAFE_METHODS.has(req.method) || bearerToken(req.headers.authorization)) return undefined;
  if (!login && !cookieToken(req)) return undefined;
  if (req.headers[OPERATOR_CSRF_HEADER] !== '1') return `missing ${OPERATOR_CSRF_HEADER} header`;
  const origin = req.headers.origin;
  if (origin !== undefined && !ownOrigins(req).includes(origin)) return `foreign origin ${origin}`;
  return undefined;
}

/** The origin the request was addressed to, and PUBLIC_URL's (a proxy may rewrite Host). */
function ownOrigins(req: FastifyRequest): string[] {
  const own = [`${req.protocol}://${req.host}`];
  try {
    own.push(new URL(req.server.config.publicUrl).origin);
  } catch {
    /* no usable PUBLIC_URL: the addressed origin only */
  }
  return own;
}
