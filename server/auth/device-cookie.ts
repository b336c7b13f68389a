/**
 * The known-device token: proof that this browser signed in to `account` before, so the throttle
 * (auth/throttle.ts) lets it in with the right password while strangers are slowed. It is
 * `v1.<account>.<device id>.<HMAC-SHA256(secret, v1.<account>.<device id>)>`; nothing in it is
 * secret but the MAC, and only the server can make one. `account` is 'u<user id>' or 'op<operator id>'.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface KnownDevice {
  account: string;
  deviceId: string;
}

const PART = /^[A-Za-z0-9_-]{1,64}$/;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signDevice(secret: string, account: string, deviceId = randomBytes(16).toString('base64url')): string {
  const body = `v1.${account}.${deviceId}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The device a token names, or undefined when it is malformed or not signed with `secret`. */
export function verifyDevice(secret: string, token: string | undefined): KnownDevice | undefined {
  const parts = token?.split('.');
  if (!parts || parts.length !== 4 || parts[0] !== 'v1' || !PART.test(parts[1]) || !PART.test(parts[2]))
    return undefined;
  const given = Buffer.from(parts[3], 'base64url');
  const want = mac(secret, `v1.${parts[1]}.${parts[2]}`);
  return given.length === want.length && timingSafeEqual(given, want)
    ? { account: parts[1], deviceId: parts[2] }
    : undefined;
}
