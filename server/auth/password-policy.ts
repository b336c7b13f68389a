/**
 * The password rule (core/policy/password.ts, shared with the app's hints) as the server's
 * message keys. Documented in docs/rules.md "Passwords".
 */
import { passwordProblem as problemOf, PASSWORD_RULE, type PasswordProblem } from '../../core';
import type { MessageKey } from '../i18n/messages';

export { PASSWORD_RULE };

const KEYS: Record<PasswordProblem, MessageKey> = {
  too_short: 'password_too_short',
  too_long: 'param_error',
  too_common: 'password_too_common',
  needs_letters_digits: 'password_needs_letters_digits',
};

/** The first rule a password breaks, as the message key to answer with; undefined when it is fine. */
export function passwordProblem(password: string): MessageKey | undefined {
  const p = problemOf(password);
  return p && KEYS[p];
}
