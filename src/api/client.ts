import { CONSTANTS, HEADERS } from '../../core/types/api';
import { clearUser } from '../stores/session';
import { HttpFailure, apiUrl, request } from './http';
import { toast, showLoading, hideLoading } from '../lib/toast';
import { navigateTo } from '../nav/navigate';
import { PATHS } from '../nav/paths';
import i18n from '../i18n';
import { ApiError, readEnvelope, toForm } from './envelope';
import { mayRetry, newIdempotencyKey } from './idempotency';

export { ApiError } from './envelope';

/** Per-call switches. `quiet`: background refreshes that must not toast or show the spinner. */
export interface CallOptions {
  quiet?: boolean;
  signal?: AbortSignal;
  /**
   * Money-moving POSTs: send an Idempotency-Key made once for this call, so the server runs it at
   * most once, and retry once with the same key if the connection failed before any answer.
   */
  idempotent?: boolean;
  /** extra request headers (a guest's customer-service token) */
  headers?: Record<string, string>;
}

/** One retry at most, after a short pause (a dropped connection, a restarting server). */
const IDEMPOTENT_ATTEMPTS = 2;
const RETRY_PAUSE_MS = 700;

/**
 * The loading toast appears only when some request has been in flight for 800 ms, so fast
 * answers never flash a spinner; one counter covers concurrent calls.
 */
let inFlight = 0;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;
function begin(quiet: boolean): () => void {
  if (quiet) return () => {};
  inFlight += 1;
  if (inFlight === 1) loadingTimer = setTimeout(showLoading, CONSTANTS.loadingDelayMs);
  return () => {
    inFlight -= 1;
    if (inFlight === 0) {
      clearTimeout(loadingTimer);
      hideLoading();
    }
  };
}

function afterDelay(fn: () => void): void {
  setTimeout(fn, CONSTANTS.redirectDelayMs);
}

function send(method: 'get' | 'post', url: string, data: Record<string, unknown> | undefined, opts: CallOptions, key: string | undefined): Promise<unknown> {
  if (method === 'get') return request(apiUrl(url, toForm(data)), { method: 'GET', signal: opts.signal, headers: opts.headers });
  const headers = { ...opts.headers, ...(key ? { [HEADERS.idempotencyKey]: key } : {}) };
  return request(apiUrl(url), { method: 'POST', body: toForm(data), signal: opts.signal, headers });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function call<T>(method: 'get' | 'post', url: string, data: Record<string, unknown> | undefined, opts: CallOptions): Promise<T> {
  const idempotent = method === 'post' && !!opts.idempotent;
  // made once, before the first attempt: a retry must be recognised as the same call
  const key = idempotent ? newIdempotencyKey() : undefined;
  const done = begin(!!opts.quiet);
  let body: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      body = await send(method, url, data, opts, key);
      break;
    } catch (e) {
      const err = e instanceof HttpFailure ? e : new HttpFailure('network');
      const cancelled = err.code === 'cancelled';
      if (mayRetry(idempotent, { cancelled, status: err.status, code: err.code }, attempt, IDEMPOTENT_ATTEMPTS)) {
        await pause(RETRY_PAUSE_MS);
        continue;
      }
      done();
      if (cancelled) throw new ApiError('network', 'cancelled');
      if (!opts.quiet) toast(i18n.t('common.networkError'));
      throw new ApiError('network', err.message);
    }
  }
  done();
  const out = readEnvelope<T>(body);
  switch (out.kind) {
    case 'ok':
      return out.data;
    case 'session':
      // Session invalid: the user must log in again whatever screen they are on.
      toast(out.message || i18n.t('common.loginFirst'));
      clearUser();
      afterDelay(() => navigateTo(PATHS.login, true));
      throw new ApiError('session', out.message);
    case 'verify':
      toast(out.message);
      afterDelay(() => navigateTo(PATHS.realMark));
      throw new ApiError('verify', out.message);
    default:
      if (!opts.quiet) toast(out.message || i18n.t('common.requestFailed'));
      throw new ApiError('business', out.message);
  }
}

export function get<T>(url: string, params?: Record<string, unknown>, opts: CallOptions = {}): Promise<T> {
  return call<T>('get', url, params, opts);
}

export function post<T>(url: string, data?: Record<string, unknown>, opts: CallOptions = {}): Promise<T> {
  return call<T>('post', url, data, opts);
}
