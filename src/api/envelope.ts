/**
 * Spec §8 envelope rules, as a pure function so they are unit-tested without a browser.
 * success: type 'ok' or code 1 → the message; '999' session invalid; '998' verification needed;
 * anything else is a business failure carrying the server's text.
 */
export type Outcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'session'; message: string }
  | { kind: 'verify'; message: string }
  | { kind: 'fail'; message: string };

export function readEnvelope<T>(body: unknown): Outcome<T> {
  if (!body || typeof body !== 'object') return { kind: 'fail', message: '' };
  const b = body as { type?: unknown; code?: unknown; message?: unknown };
  const type = b.type === undefined ? '' : String(b.type);
  if (type === 'ok' || Number(b.code) === 1) return { kind: 'ok', data: b.message as T };
  const message = typeof b.message === 'string' ? b.message : '';
  if (type === '999') return { kind: 'session', message };
  if (type === '998') return { kind: 'verify', message };
  return { kind: 'fail', message };
}

/** Why a call failed; pages branch on `kind` (e.g. keep the form as typed on 'business'). */
export class ApiError extends Error {
  readonly kind: 'business' | 'session' | 'verify' | 'network';
  constructor(kind: ApiError['kind'], message: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
  }
}

/** Flatten a params object into form fields; undefined and null are left out, not sent as "undefined". */
export function toForm(data: Record<string, unknown> | undefined): URLSearchParams {
  const form = new URLSearchParams();
  if (!data) return form;
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form;
}
