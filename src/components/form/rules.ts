import type { TFunction } from 'i18next';
import { PASSWORD_RULE, passwordProblem, type PasswordProblem } from '../../../core';
import { isCode, isEmail, isMobile } from '../../lib/validators';

/** The spec §5 rules as antd-mobile Form rules, shared by register, forget, the password and binding pages. */
type Rule = {
  required?: boolean;
  whitespace?: boolean;
  message?: string;
  validator?: (r: unknown, v: string | undefined) => Promise<void>;
};

const check = (ok: (v: string) => boolean, msg: string): Rule => ({
  validator: (_r, v) => (!v || ok(v) ? Promise.resolve() : Promise.reject(new Error(msg))),
});

/** What the form says for each break of the password rule the server enforces (core/policy/password.ts). */
function passwordMessage(t: TFunction, problem: PasswordProblem): string {
  switch (problem) {
    case 'too_short':
      return t('valid.passwordShort', PASSWORD_RULE);
    case 'too_long':
      return t('valid.passwordLong', PASSWORD_RULE);
    case 'too_common':
      return t('valid.passwordCommon');
    case 'needs_letters_digits':
      return t('valid.passwordLettersDigits');
  }
}

/** An email address: present, and shaped like one. */
export function emailRules(t: TFunction): Rule[] {
  return [
    { required: true, whitespace: true, message: t('valid.emailRequired') },
    check(isEmail, t('valid.emailInvalid')),
  ];
}

/** A mobile number (spec §5): present, and shaped like one. */
export function mobileRules(t: TFunction): Rule[] {
  return [
    { required: true, whitespace: true, message: t('acct.mobileRequired') },
    check(isMobile, t('acct.mobileInvalid')),
  ];
}

/** A six-digit code (emailed, texted, or from the authenticator). */
export function codeRules(t: TFunction): Rule[] {
  return [{ required: true, message: t('valid.codeRequired') }, check((v) => isCode(v), t('valid.codeInvalid'))];
}

/** `valueOf` reads another field (the password the confirmation must match). */
export function authRules(t: TFunction, valueOf: (field: string) => unknown) {
  const strong: Rule = {
    validator: (_r, v) => {
      const problem = v ? passwordProblem(v) : undefined;
      return problem ? Promise.reject(new Error(passwordMessage(t, problem))) : Promise.resolve();
    },
  };
  return {
    email: emailRules(t),
    code: codeRules(t),
    password: [{ required: true, message: t('valid.passwordRequired') }, strong] as Rule[],
    confirm: (field: string): Rule[] => [
      { required: true, message: t('valid.confirmRequired') },
      check((v) => v === valueOf(field), t('valid.passwordMismatch')),
    ],
  };
}
