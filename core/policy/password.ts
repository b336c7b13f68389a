/**
 * The password rule for registration, reset and payment password changes, in one place for the
 * server (which enforces it) and the app (whose hints and checks state it), so the forms never
 * promise a rule the server does not keep.
 * - at least PASSWORD_RULE.min characters: spec §5's "longer than six characters", as the
 *   family's other clients accept (at most .max, to keep scrypt input sane);
 * - at least one letter and one digit;
 * - not one character repeated, and not a well-known password (the list below, any case).
 */
export const PASSWORD_RULE = { min: 7, max: 128 } as const;

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common' | 'needs_letters_digits';

/** The most guessed passwords that the other rules would let through (lowercase). */
const COMMON = new Set([
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwerty123',
  'qwerty12',
  'qwe123456',
  'abc12345',
  'abcd1234',
  'abc123456',
  'a1234567',
  'a12345678',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'iloveyou1',
  'welcome1',
  'welcome123',
  'admin123',
  'admin1234',
  'letmein1',
  'monkey123',
  'dragon123',
  'football1',
  'baseball1',
  'sunshine1',
  'princess1',
  'trustno1',
  'abc1234',
  'abcd123',
  'qwe1234',
  'qwer123',
  'pass123',
  'test123',
  'admin12',
  'a123456',
  'aa12345',
  'abc123abc',
  'qwertyuiop1',
  'asdf1234',
  'zxcv1234',
  'test1234',
  'test12345',
  'pass1234',
  'user1234',
  'changeme1',
  'master123',
  'woaini1314',
]);

/** The first rule a password breaks; undefined when it is fine. */
export function passwordProblem(password: string): PasswordProblem | undefined {
  if ([...password].length < PASSWORD_RULE.min) return 'too_short';
  if (password.length > PASSWORD_RULE.max) return 'too_long';
  if (new Set(password).size === 1 || COMMON.has(password.toLowerCase())) return 'too_common';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'needs_letters_digits';
  return undefined;
}
