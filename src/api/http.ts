/**
 * The wire under the API client: the app's one axios instance (DESIGN: "axios /api client"), over
 * the browser's fetch (axios' fetch adapter). Its interceptors put on every call what spec §7 asks
 * — the session's headers (language, token, visitor id, user IP) and a money-moving POST's
 * Idempotency-Key — and turn every failure into the few kinds the retry rule reads
 * (src/api/idempotency.ts): cancelled by the caller, timed out, no answer (network), or an answer
 * other than HTTP 200 (spec §8: anything but 200 is a failure, even another 2xx). The envelope's
 * rules (999, 998, other failures) are the client's interceptor (src/api/client.ts).
 */
import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { CONSTANTS, HEADERS } from '../../core/types/api';
import { session } from '../stores/session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** a money-moving POST's Idempotency-Key: made once per user action, the same on its retry */
    idempotencyKey?: string;
    /** a background call: no toast, no spinner */
    quiet?: boolean;
    /** the caller reads the envelope itself (uploads): the answer's body comes back as it is */
    ownEnvelope?: boolean;
    /** which attempt this is (1, or 2 for the retry of a keyed POST) */
    attempt?: number;
    /** ends this call's share of the loading spinner (set once by the client, kept by a retry) */
    loadingDone?: () => void;
  }
}

/** How a request failed: cancelled by the caller, timed out, no answer (network), or an answer other than 200. */
export class HttpFailure extends Error {
  constructor(
    readonly code: 'cancelled' | 'timeout' | 'network' | 'status',
    readonly status?: number,
    /** the request as sent (the client reads its switches and may send it again) */
    readonly config?: InternalAxiosRequestConfig,
  ) {
    super(code === 'status' ? `HTTP ${status}` : code);
  }
}

export const http = axios.create({
  baseURL: '/api',
  adapter: 'fetch',
  timeout: CONSTANTS.requestTimeoutMs,
  // Spec §8: anything but 200 is a rejection, even other 2xx.
  validateStatus: (s) => s === 200,
  // the body is parsed when it is JSON and left a string when not (the client reads that as "no
  // answer read"); strict parsing would also throw on a 500's HTML page and lose its status
});

/** Spec §7: the session's headers on every call; a header the call sets itself (a guest's token) wins. */
function withSessionHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const h = AxiosHeaders.from(config.headers);
  const put = (name: string, value: string) => {
    if (value && !h.has(name)) h.set(name, value);
  };
  put(HEADERS.lang, session.lang);
  put(HEADERS.authorization, session.token);
  put(HEADERS.visitorId, session.visitorId);
  if (!h.has(HEADERS.userIp)) h.set(HEADERS.userIp, session.userIp);
  if (config.idempotencyKey) h.set(HEADERS.idempotencyKey, config.idempotencyKey);
  config.headers = h;
  return config;
}

/** An axios rejection as one of the failure kinds. */
export function toFailure(e: unknown): HttpFailure {
  if (e instanceof HttpFailure) return e;
  if (!axios.isAxiosError(e)) return new HttpFailure('network');
  const err = e as AxiosError;
  const config = err.config;
  if (axios.isCancel(err) || err.code === AxiosError.ERR_CANCELED)
    return new HttpFailure('cancelled', undefined, config);
  if (err.code === AxiosError.ETIMEDOUT || err.code === AxiosError.ECONNABORTED)
    return new HttpFailure('timeout', undefined, config);
  const status = err.response?.status;
  if (status !== undefined && status !== 200) return new HttpFailure('status', status, config);
  return new HttpFailure('network', undefined, config);
}

http.interceptors.request.use(withSessionHeaders);
http.interceptors.response.use(undefined, (e: unknown) => Promise.reject(toFailure(e)));
