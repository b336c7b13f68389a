/**
 * The dev outbox's secret: anyone who can read verification codes can take over any account, so
 * the outbox answers only loopback callers that also present this secret. It comes from
 * DEV_OUTBOX_SECRET or is generated at start, printed in the banner and written to
 * DATA_DIR/dev-outbox-secret (mode 0600) for the e2e helpers and the newcomer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const OUTBOX_SECRET_HEADER = 'x-dev-outbox-secret';
const OUTBOX_SECRET_FILE = 'dev-outbox-secret';

/** The configured secret, or a fresh random one (too short a configured one is refused). */
export function outboxSecret(fromEnv: string | undefined): string {
  if (fromEnv === undefined || fromEnv === '') return randomBytes(18).toString('base64url');
  if (fromEnv.length < 16) throw new Error('DEV_OUTBOX_SECRET must be at least 16 characters');
  return fromEnv;
}

export function writeOutboxSecret(dataDir: string, secret: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, OUTBOX_SECRET_FILE);
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // writeFileSync keeps an existing file's mode
  return file;
}

/** Constant-time comparison, so the secret cannot be guessed byte by byte from response times. */
export function secretMatches(given: unknown, secret: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Loopback peers only: 127.0.0.0/8, ::1 and the IPv4-mapped form. */
export function isLoopback(addr: string | undefined): boolean {
  if (!addr) return false;
  const v4 = addr.startsWith('::ffff:') ? addr.slice(7) : addr;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
