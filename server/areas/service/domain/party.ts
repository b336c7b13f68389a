/**
 * Who is on the customer's side of a conversation: a logged-in user or a guest holding the token
 * its browser keeps. Guests are looked up by the token's hash only, so a guest can never reach a
 * user's conversation (nor another guest's).
 */
import { createHash, randomBytes } from 'node:crypto';

export type Party = { kind: 'user'; userId: number } | { kind: 'guest'; tokenHash: string };

export const GUEST_HEADER = 'x-service-guest';

export function hashGuestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newGuestToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashGuestToken(token) };
}
