import { parseQuoteGroups, type QuoteGroup } from '../api/market';

/** The id of the data block the server writes into index.html (server/http/static.ts). */
const SNAPSHOT_ID = 'quotes-snapshot';
/** Older than this it is a copy from the service worker's cache, not this load's: not shown. */
const MAX_AGE_MS = 60_000;

/**
 * The quotes the server put in the HTML, so Home and Markets paint real prices in their first
 * frame, before any API call; the stream takes over from these same figures.
 */
export function readQuotesSnapshot(
  now = Date.now(),
  doc: Pick<Document, 'getElementById'> = document,
): QuoteGroup[] | null {
  const el = doc.getElementById(SNAPSHOT_ID);
  if (!el?.textContent) return null;
  try {
    const { at, groups } = JSON.parse(el.textContent) as { at?: unknown; groups?: unknown };
    if (typeof at !== 'number' || Math.abs(now - at) > MAX_AGE_MS) return null;
    const parsed = parseQuoteGroups(groups);
    return parsed.length ? parsed : null;
  } catch {
    return null;
  }
}
