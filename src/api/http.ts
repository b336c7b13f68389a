/**
 * The wire under the API client: one request over fetch with the app's headers, a timeout, the
 * caller's AbortSignal and spec §8's rule that anything but HTTP 200 is a failure. Failures come
 * back as an HttpFailure the retry rule reads (src/api/idempotency.ts). fetch instead of a client
 * library keeps ~13 KB (brotli) off the first load (issue 27).
 */
import { CONSTANTS, HEADERS } from '../../core/types/api';
import { session } from '../stores/session';

/** How a request failed: cancelled by the caller, timed out, no answer (network), or an answer other than 200. */
export class HttpFailure extends Error {
  constructor(
    readonly code: 'cancelled' | 'timeout' | 'network' | 'status',
    readonly status?: number,
  ) {
    super(code === 'status' ? `HTTP ${status}` : code);
  }
}

/** The session's headers on every call (spec §7), plus the call's own. */
export function appHeaders(extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { [HEADERS.lang]: session.lang, [HEADERS.userIp]: session.userIp };
  if (session.token) h[HEADERS.authorization] = session.token;
  if (session.visitorId) h[HEADERS.visitorId] = session.visitorId;
  return { ...h, ...extra };
}

/** One request; resolves the parsed JSON body of a 200 answer. */
export async function request(url: string, init: { method: 'GET' | 'POST'; body?: BodyInit; headers?: Record<string, string>; signal?: AbortSignal }): Promise<unknown> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, CONSTANTS.requestTimeoutMs);
  const cancel = () => ctl.abort();
  init.signal?.addEventListener('abort', cancel);
  try {
    if (init.signal?.aborted) throw new HttpFailure('cancelled');
    let res: Response;
    try {
      res = await fetch(url, { method: init.method, body: init.body, headers: appHeaders(init.headers), signal: ctl.signal, credentials: 'same-origin' });
    } catch {
      throw new HttpFailure(timedOut ? 'timeout' : init.signal?.aborted ? 'cancelled' : 'network');
    }
    if (res.status !== 200) throw new HttpFailure('status', res.status);
    try {
      return await res.json();
    } catch {
      // the body broke off or was not JSON: the answer was not read
      throw new HttpFailure(timedOut ? 'timeout' : init.signal?.aborted ? 'cancelled' : 'network');
    }
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', cancel);
  }
}

/** `/api` + path, with a GET's fields as a query string (undefined and null left out). */
export function apiUrl(path: string, query?: URLSearchParams): string {
  const q = query?.toString();
  return `/api${path}${q ? `?${q}` : ''}`;
}
