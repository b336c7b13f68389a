/**
 * The password rule for registration, reset and payment password changes (issue 14: a 7-letter
 * "aaaaaaa" was accepted). Documented in README "Passwords":
 * - at least 8 characters (at most 128, to keep scrypt input sane);
 * - at least one letter and one digit;
 * - not one character repeated, and not a well-known password (the list below, any case).
 */
import type { MessageKey } from '../../i18n/messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The most guessed passwords that the other rules would let through (lowercase). */
const COMMON = new Set([
  'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'qwerty123', 'qwerty12', 'qwe123456', 'abc12345', 'abcd1234',
  'abc123456', 'a1234567', 'a12345678', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'zaq12wsx', 'iloveyou1', 'welcome1', 'welcome123',
  'admin123', 'admin1234', 'letmein1', 'monkey123', 'dragon123', 'football1', 'baseball1', 'sunshine1', 'princess1', 'trustno1',
  'qwertyuiop1', 'asdf1234', 'zxcv1234', 'test1234', 'test12345', 'pass1234', 'user1234', 'changeme1', 'master123', 'woaini1314',
]);

/** The first rule a password breaks, as the message key to answer with; undefined when it is fine. */
export function passwordProblem(password: string): MessageKey | undefined {
  if ([...password].length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'param_error';
  if (new Set(password).size === 1 || COMMON.has(password.toLowerCase())) return 'password_too_common';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'password_needs_letters_digits';
  return undefined;
}
