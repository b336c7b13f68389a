import { type Coupon, type FiatRate, type InviteInfo, type Notice, type Page, type Profile } from '../../core';
import { get, post } from './client';
import { readEnvelope } from './envelope';
import { http } from './http';

/** Profile and settings calls (spec §2 setting group). Shapes: core/types/profile.ts. */

export function profile(quiet = false): Promise<Profile> {
  return get<Profile>('/user/profile', undefined, { quiet });
}

/**
 * One image to /api/upload (multipart field `file`), or to another upload route under /api with
 * its own headers (the guest chat's); resolves the file reference. Through the same axios instance
 * (the session's headers), but multipart, and it reads the envelope itself: its caller says why.
 */
export async function uploadImage(
  file: File,
  to: { url: string; headers?: Record<string, string> } = { url: '/upload' },
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const out = readEnvelope<string>(
    (await http.post<unknown>(to.url, form, { headers: to.headers, ownEnvelope: true })).data,
  );
  if (out.kind !== 'ok') throw new Error(out.message);
  return out.data;
}

export function uploadHeadPortrait(head_portrait: string): Promise<Profile> {
  return post<Profile>('/user/uploadHeadPortrait', { head_portrait });
}

export function editNickname(input: { nickname?: string; signature?: string }): Promise<Profile> {
  return post<Profile>('/user/editNickname', { ...input });
}

export function fiats(): Promise<FiatRate[]> {
  return get<FiatRate[]>('/user/fiats', undefined, { quiet: true });
}

export function setFiat(currency_code: string): Promise<FiatRate> {
  return post<FiatRate>('/user/fiat', { currency_code });
}

export function setAccountLang(lang: string): Promise<string> {
  return post<string>('/user/lang', { lang }, { quiet: true });
}

export function invite(): Promise<InviteInfo> {
  return get<InviteInfo>('/user/invite');
}

export function notices(page: number, limit: number): Promise<Page<Notice>> {
  return get<Page<Notice>>('/user/notices', { page, limit }, { quiet: true });
}

export function readNotice(id: number): Promise<unknown> {
  return post<unknown>('/user/notices/read', { id }, { quiet: true });
}

export function coupons(page: number, limit: number, status?: Coupon['status']): Promise<Page<Coupon>> {
  return get<Page<Coupon>>('/user/coupons', { page, limit, status }, { quiet: true });
}

/** Content pages (public). The FAQ is a list of questions; the others are HTML written by the operator. */
export type ContentName = 'contactus' | 'aboutus' | 'operational_compliance';
export function faq(): Promise<{ title: string; list: { q: string; a: string }[] }> {
  return get('/faq', undefined, { quiet: true });
}
export function contentPage(name: ContentName): Promise<{ title: string; content: string }> {
  return get(`/${name}`, undefined, { quiet: true });
}
