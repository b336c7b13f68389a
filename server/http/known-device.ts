/**
 * The known-device cookie on the wire (auth/device-cookie.ts makes and checks its value). One per
 * audience: customers' on /api/, operators' on /admin/api. Long-lived (400 days, the most browsers
 * keep), HttpOnly (no script reads it), SameSite=Lax, Secure when the request came over https.
 * A browser remembers the last account that signed in on it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signDevice, verifyDevice } from '../auth/device-cookie';
import type { Caller } from '../auth/throttle';
import { clientIp } from './request-meta';

export type Audience = 'user' | 'operator';

const COOKIE: Record<Audience, { name: string; path: string; prefix: string }> = {
  user: { name: 'h5_device', path: '/api/', prefix: 'u' },
  operator: { name: 'h5_op_device', path: '/admin/api', prefix: 'op' },
};
const MAX_AGE_S = 400 * 86_400;

function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Who is trying to sign in to `accountId` (undefined: an unknown account): its known device, else its address. */
export function loginCaller(req: FastifyRequest, audience: Audience, accountId: number | undefined): Caller {
  const c = COOKIE[audience];
  const d = verifyDevice(req.server.config.deviceSecret, readCookie(req, c.name));
  const trusted = !!d && accountId !== undefined && d.account === `${c.prefix}${accountId}`;
  return { source: trusted ? `dev:${d.deviceId}` : `ip:${clientIp(req)}`, trusted, now: req.server.authClock.now };
}

/** After a successful sign-in: the browser becomes a known device of the account (kept if it already is). */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, audience: Audience, accountId: number): void {
  const c = COOKIE[audience];
  const account = `${c.prefix}${accountId}`;
  const d = verifyDevice(req.server.config.deviceSecret, readCookie(req, c.name));
  const value = signDevice(req.server.config.deviceSecret, account, d?.account === account ? d.deviceId : undefined);
  const attrs = `Path=${c.path}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;
  // Fastify adds a set-cookie value to those already set (it never replaces one)
  reply.header('set-cookie', `${c.name}=${encodeURIComponent(value)}; ${attrs}`);
}

/** Who is entering a code for a target: its address (codes have no known devices). */
export function addressCaller(req: FastifyRequest): Caller {
  return { source: `ip:${clientIp(req)}`, trusted: false, now: req.server.authClock.now };
}

/** Who is entering a signed-in user's secret (payment password, authenticator code): the session. */
export function sessionCaller(req: FastifyRequest): Caller {
  return { source: `s:${req.sessionId}`, trusted: false, now: req.server.authClock.now };
}
