import { asItems, type NewsItem } from '../../api/content';

/** The id of the data block the server writes into index.html (server/http/static.ts). */
const HOME_SNAPSHOT_ID = 'home-snapshot';
/** Older than this it is a copy from the service worker's cache, not this load's: not used. */
const MAX_AGE_MS = 60_000;

export interface HomeSnapshot {
  banners: NewsItem[];
  notices: NewsItem[];
  /** the pop-up notice; null: there is none */
  pop: NewsItem | null;
}

/**
 * Home's banners and notices as the server put them in the HTML, when they are this load's and in
 * the language the app shows: the first paint has them, instead of painting empty slots and then
 * the banner image as the largest paint one API round trip later. Read once: a later
 * visit to Home within the same load asks the API as before.
 */
let used = false;
export function takeHomeSnapshot(
  lang: string,
  now = Date.now(),
  doc: Pick<Document, 'getElementById'> = document,
): HomeSnapshot | null {
  if (used) return null;
  used = true;
  const el = doc.getElementById(HOME_SNAPSHOT_ID);
  if (!el?.textContent) return null;
  try {
    const v = JSON.parse(el.textContent) as {
      at?: unknown;
      lang?: unknown;
      banners?: unknown;
      notices?: unknown;
      pop?: unknown;
    };
    if (typeof v.at !== 'number' || Math.abs(now - v.at) > MAX_AGE_MS || v.lang !== lang) return null;
    return { banners: asItems(v.banners), notices: asItems(v.notices), pop: asItems([v.pop])[0] ?? null };
  } catch {
    return null;
  }
}
