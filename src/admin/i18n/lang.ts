/** The back office's languages and which one a visit starts in (pure: unit-tested in node). */
import { firstLang } from '../../../core/policy/first-lang';

export const ADMIN_LANGS = ['en', 'zh'] as const;
export type AdminLang = (typeof ADMIN_LANGS)[number];

/** Each language's name in its own script, for the header's switch. */
export const ADMIN_LANG_NAMES: Record<AdminLang, string> = { en: 'EN', zh: '中文' };

export function isAdminLang(v: unknown): v is AdminLang {
  return typeof v === 'string' && (ADMIN_LANGS as readonly string[]).includes(v);
}

/** The stored choice, else the browser's language (any Chinese reads Simplified better than English), else English. */
export function initialAdminLang(saved: string | null, browserTag: string): AdminLang {
  const l = firstLang(saved, browserTag, [...ADMIN_LANGS, 'hk']);
  return l === 'hk' ? 'zh' : isAdminLang(l) ? l : 'en';
}
