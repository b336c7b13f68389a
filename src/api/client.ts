import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { CONSTANTS } from '../../core/types/api';
import { clearUser } from '../stores/session';
import { HttpFailure, http, toFailure } from './http';
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
 * answers never flash a spinner; one counter covers concurrent calls. The returned function
 * ends this call's share, once however often it is called.
 */
let inFlight = 0;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;
function begin(quiet: boolean): () => void {
  if (quiet) return () => {};
  inFlight += 1;
  if (inFlight === 1) loadingTimer = setTimeout(showLoading, CONSTANTS.loadingDelayMs);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
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

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The spinner starts with the first attempt (a retry keeps it). */
function startCall(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.loadingDone ??= begin(!!config.quiet || !!config.ownEnvelope);
  return config;
}

/** Spec §8 on a 200 answer: the envelope's message on success; 999, 998 and any other failure as an ApiError, with what the user sees. */
function envelopeRules(res: AxiosResponse): AxiosResponse | Promise<AxiosResponse> {
  // the body was not JSON (it broke off, or a proxy's page): the answer was not read
  if (typeof res.data === 'string') return failureRules(new HttpFailure('network', undefined, res.config));
  res.config.loadingDone?.();
  if (res.config.ownEnvelope) return res;
  const out = readEnvelope<unknown>(res.data);
  switch (out.kind) {
    case 'ok':
      res.data = out.data;
      return res;
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
      if (!res.config.quiet) toast(out.message || i18n.t('common.requestFailed'));
      throw new ApiError('business', out.message);
  }
}

/** No 200 answer: a keyed POST whose outcome is unknown goes once more with its key; otherwise a network ApiError. */
async function failureRules(e: unknown): Promise<AxiosResponse> {
  const f = e instanceof HttpFailure ? e : toFailure(e);
  const config = f.config;
  const attempt = config?.attempt ?? 1;
  if (
    config &&
    mayRetry(
      !!config.idempotencyKey,
      { cancelled: f.code === 'cancelled', status: f.status, code: f.code },
      attempt,
      IDEMPOTENT_ATTEMPTS,
    )
  ) {
    await pause(RETRY_PAUSE_MS);
    // the whole chain again (this rule included): the same key, the same spinner
    return http.request({ ...config, attempt: attempt + 1 });
  }
  config?.loadingDone?.();
  if (config?.ownEnvelope) throw f;
  if (f.code === 'cancelled') throw new ApiError('network', 'cancelled');
  if (!config?.quiet) toast(i18n.t('common.networkError'));
  throw new ApiError('network', f.message);
}

http.interceptors.request.use(startCall);
// after http.ts's own (which turns every failure into an HttpFailure): they run in the order added
http.interceptors.response.use(envelopeRules, failureRules);

async function call<T>(
  method: 'get' | 'post',
  url: string,
  data: Record<string, unknown> | undefined,
  opts: CallOptions,
): Promise<T> {
  const res = await http.request<T>({
    method,
    url,
    ...(method === 'get' ? { params: toForm(data) } : { data: toForm(data) }),
    signal: opts.signal,
    headers: opts.headers,
    quiet: opts.quiet,
    // made once, before the first attempt: a retry must be recognised as the same call
    idempotencyKey: method === 'post' && opts.idempotent ? newIdempotencyKey() : undefined,
  });
  return res.data;
}

export function get<T>(url: string, params?: Record<string, unknown>, opts: CallOptions = {}): Promise<T> {
  return call<T>('get', url, params, opts);
}

export function post<T>(url: string, data?: Record<string, unknown>, opts: CallOptions = {}): Promise<T> {
  return call<T>('post', url, data, opts);
}
