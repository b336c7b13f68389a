import { get, post } from './client';
import type { SessionUser } from '../stores/session';

/** Spec §7 account calls. Payloads carry the field names the spec lists, nothing renamed. */

export interface LoginInput {
  user_string: string;
  password: string;
}

/** The spec does not detail the login payload; we send the account as `user_string` (as register does). */
export function login(input: LoginInput): Promise<string> {
  return post<string>('/user/login', { ...input });
}

export function logout(): Promise<unknown> {
  return get<unknown>('/user/logout', undefined, { quiet: true });
}

export function userInfo(): Promise<SessionUser> {
  return get<SessionUser>('/user/info');
}

export type CodeScene = 'register' | 'forget';

/** A code by email, or by SMS when `area_code` is given (the server tells them apart by the account). */
export function sendMailCode(user_string: string, scene: CodeScene, area_code?: string): Promise<unknown> {
  return post<unknown>(
    '/sms_mail',
    area_code ? { user_string, scene, type: 'mobile', area_code } : { user_string, scene, type: 'email' },
  );
}

export function checkEmail(input: {
  user_string: string;
  scene: CodeScene;
  email_code: string;
  lang: string;
}): Promise<unknown> {
  return post<unknown>('/user/check_email', { ...input });
}

export interface RegisterInput {
  user_string: string;
  password: string;
  re_password: string;
  type: 'email' | 'mobile';
  /** calling code of a mobile account, e.g. 86 */
  area_code?: string;
  code: string;
  extension_code: string;
}

export function register(input: RegisterInput): Promise<unknown> {
  return post<unknown>('/user/register', { ...input });
}

export interface ForgetInput {
  account: string;
  password: string;
  repassword: string;
  code: string;
}

export function forget(input: ForgetInput): Promise<unknown> {
  return post<unknown>('/user/forget', { ...input });
}
