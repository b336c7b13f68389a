/**
 * What kind of account identifier a user typed (spec §5): an email, or an 11-digit mobile number
 * starting with 1 and a second digit 3-9. Anything else is rejected with the matching message.
 */
import { AppError } from '../../../errors';

export type IdentityKind = 'email' | 'mobile';

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/;
const MOBILE_RE = /^1[3-9]\d{9}$/;

export interface Identity {
  kind: IdentityKind;
  /** normalised: emails lower-cased and trimmed */
  value: string;
}

export function classifyIdentity(raw: string): Identity {
  const v = raw.trim();
  if (v.includes('@')) {
    if (!EMAIL_RE.test(v)) throw new AppError('email_invalid');
    return { kind: 'email', value: v.toLowerCase() };
  }
  if (!MOBILE_RE.test(v)) throw new AppError(/^\d+$/.test(v) ? 'mobile_invalid' : 'param_error');
  return { kind: 'mobile', value: v };
}
