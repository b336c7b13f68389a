import type { TFunction } from 'i18next';
import { isCode, isEmail, isPasswordOk } from '../../lib/validators';

/** The spec §5 rules as antd-mobile Form rules, shared by register and forget. */
type Rule = { required?: boolean; whitespace?: boolean; message?: string; validator?: (r: unknown, v: string | undefined) => Promise<void> };

const check = (ok: (v: string) => boolean, msg: string): Rule => ({
  validator: (_r, v) => (!v || ok(v) ? Promise.resolve() : Promise.reject(new Error(msg))),
});

/** `valueOf` reads another field (the password the confirmation must match). */
export function authRules(t: TFunction, valueOf: (field: string) => unknown) {
  return {
    email: [{ required: true, whitespace: true, message: t('valid.emailRequired') }, check(isEmail, t('valid.emailInvalid'))] as Rule[],
    code: [{ required: true, message: t('valid.codeRequired') }, check((v) => isCode(v), t('valid.codeInvalid'))] as Rule[],
    password: [{ required: true, message: t('valid.passwordRequired') }, check(isPasswordOk, t('valid.passwordShort'))] as Rule[],
    confirm: (field: string): Rule[] => [
      { required: true, message: t('valid.confirmRequired') },
      check(isPasswordOk, t('valid.passwordShort')),
      check((v) => v === valueOf(field), t('valid.passwordMismatch')),
    ],
  };
}
