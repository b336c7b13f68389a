import { proxy, subscribe } from 'valtio';
import { CONSTANTS, LANGS, normalizeLang, type Lang } from '../../core/types/api';
import { migrateStorage, readJson, writeJson } from '../lib/storage';
import { firstLang, LANG_COOKIE } from '../../core/policy/first-lang';

/** The logged-in user as /user/info answers it; only the fields the UI reads are typed. */
export interface SessionUser {
  id?: number;
  nickname?: string;
  head_portrait?: string;
  account?: string;
  user_string?: string;
  email?: string;
  mobile?: string;
  [key: string]: unknown;
}

interface Fiat {
  currency_code: string;
  rate: string;
  saveTime: number;
}

export interface SessionState {
  site_name: string;
  lang: Lang;
  token: string;
  user: SessionUser | null;
  fiat: Fiat;
  fiats: Fiat[];
  /**
   * Spec §7 wants a public-IP lookup at launch for `x-user-ip`. This build runs with no internet
   * and must not call third parties, so the lookup is not attempted and the header goes empty;
   * the server sees the client address itself.
   */
  userIp: string;
  visitorId: string;
}

const KEY = 'session';

function initial(): SessionState {
  migrateStorage(CONSTANTS.h5Version);
  const saved = readJson<SessionState>(KEY) ?? {};
  return {
    site_name: typeof saved.site_name === 'string' ? saved.site_name : 'H5 Exchange',
    lang: normalizeLang(firstLang(saved.lang, navigator.language, LANGS)),
    token: typeof saved.token === 'string' ? saved.token : '',
    user: saved.user && typeof saved.user === 'object' ? saved.user : null,
    fiat: saved.fiat ?? { currency_code: 'USD', rate: '1', saveTime: 0 },
    fiats: Array.isArray(saved.fiats) ? saved.fiats : [],
    userIp: '',
    visitorId: typeof saved.visitorId === 'string' ? saved.visitorId : '',
  };
}

export const session = proxy<SessionState>(initial());

/** The language also in a cookie: the server writes Home's first-paint text in it (server/http/static.ts). */
let cookieLang = '';
function keepLangCookie(lang: string): void {
  // document.cookie is a synchronous trip to the browser's cookie store: read once per language,
  // not on every change of the session (a boot task's worth at 4× CPU)
  if (lang === cookieLang) return;
  cookieLang = lang;
  if (!document.cookie.includes(`${LANG_COOKIE}=${lang}`))
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}
keepLangCookie(session.lang);
subscribe(session, () => {
  writeJson(KEY, session);
  keepLangCookie(session.lang);
});

export function setToken(token: string): void {
  session.token = token;
}

export function setUser(user: SessionUser | null): void {
  session.user = user;
}

/** Logout or a 999 answer: forget who the user is, keep their preferences. */
export function clearUser(): void {
  session.token = '';
  session.user = null;
}

export function setLang(lang: string): void {
  session.lang = normalizeLang(lang);
}
