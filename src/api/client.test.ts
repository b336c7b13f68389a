/**
 * The API client end to end through its axios instance and axios' fetch adapter, with the
 * browser's fetch replaced by a scripted one: what each call sends (spec §7's headers, the
 * idempotency key, form bodies) and what the user gets for each kind of answer (spec §8).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ui = vi.hoisted(() => ({ toasts: [] as string[], went: [] as string[], cleared: 0 }));
vi.mock('../stores/session', () => ({
  session: { lang: 'fra', token: 'tok-1', visitorId: 'visitor-9', userIp: '' },
  clearUser: () => void ui.cleared++,
}));
vi.mock('../lib/toast', () => ({
  toast: (m: string) => void ui.toasts.push(m),
  showLoading: () => {},
  hideLoading: () => {},
}));
vi.mock('../nav/navigate', () => ({ navigateTo: (p: string) => void ui.went.push(p) }));
vi.mock('../i18n', () => ({ default: { t: (k: string) => k } }));

const { get, post } = await import('./client');
type ApiError = import('./client').ApiError;
const { http } = await import('./http');
const { PATHS } = await import('../nav/paths');
const { CONSTANTS } = await import('../../core/types/api');

// Node has no page to resolve "/api/…" against: the same paths on a made-up origin
http.defaults.baseURL = 'http://app.test/api';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}
let sent: Sent[] = [];
/** each call's answer, in order: a Response, or a function that throws (no answer) */
let answers: (Response | (() => never))[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const dropped = () => {
  throw new TypeError('fetch failed');
};

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  answers = [];
  ui.toasts = [];
  ui.went = [];
  ui.cleared = 0;
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(input, 'http://app.test'), init);
    sent.push({
      url: req.url.replace(/^http:\/\/[^/]+/, ''),
      method: req.method,
      headers: req.headers,
      body: req.body ? await req.text() : '',
    });
    const a = answers.shift();
    if (!a) throw new Error('no answer scripted');
    if (typeof a === 'function') a();
    return a;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs a call to its end, moving the fake clock past the retry pause, the redirect delay and the request timeout. */
async function settle<T>(p: Promise<T>): Promise<{ ok: T } | { err: ApiError }> {
  const out = p.then(
    (ok) => ({ ok }),
    (err: ApiError) => ({ err }),
  );
  await vi.advanceTimersByTimeAsync(CONSTANTS.requestTimeoutMs + 5000);
  return out;
}

describe('what every call sends (spec §7)', () => {
  it('a GET: /api + path, its fields as a query string, the session headers', async () => {
    answers.push(json({ type: 'ok', code: 1, message: [1, 2] }));
    expect(await settle(get('/market/list', { page: 2, q: 'a b', none: undefined }))).toEqual({ ok: [1, 2] });
    const s = sent[0];
    expect([s.method, s.url]).toEqual(['GET', '/api/market/list?page=2&q=a+b']);
    expect(s.headers.get('lang')).toBe('fra');
    expect(s.headers.get('authorization')).toBe('tok-1');
    expect(s.headers.get('x-visitor-id')).toBe('visitor-9');
    expect(s.headers.has('x-user-ip')).toBe(true);
    expect(s.headers.has('idempotency-key')).toBe(false);
  });

  it('a POST is form-encoded; a header the call sets itself wins over the session’s', async () => {
    answers.push(json({ type: 'ok', code: 1, message: true }));
    await settle(post('/service/send', { text: 'hi', n: 1 }, { headers: { authorization: 'guest-7' } }));
    expect(sent[0].body).toBe('text=hi&n=1');
    expect(sent[0].headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent[0].headers.get('authorization')).toBe('guest-7');
  });
});

describe('idempotent POSTs', () => {
  it('carry a key, and a dropped connection is retried once with the same key', async () => {
    answers.push(dropped, json({ type: 'ok', code: 1, message: { id: 5 } }));
    expect(await settle(post('/wallet/out', { amount: '1' }, { idempotent: true }))).toEqual({ ok: { id: 5 } });
    expect(sent).toHaveLength(2);
    const key = sent[0].headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].headers.get('idempotency-key')).toBe(key);
    expect(sent[1].body).toBe('amount=1');
  });

  it('a gateway error is retried; a 500 is not; a new call gets a new key', async () => {
    answers.push(new Response('<html>bad gateway</html>', { status: 502 }), json({ type: 'ok', code: 1, message: 1 }));
    await settle(post('/a', {}, { idempotent: true }));
    answers.push(new Response('<html>oops</html>', { status: 500 }));
    const r = await settle(post('/a', {}, { idempotent: true }));
    expect(sent).toHaveLength(3);
    expect(sent[2].headers.get('idempotency-key')).not.toBe(sent[0].headers.get('idempotency-key'));
    expect('err' in r && r.err.kind).toBe('network');
    expect(ui.toasts).toEqual(['common.networkError']);
  });

  it('a call without a key is never sent twice', async () => {
    answers.push(dropped);
    const r = await settle(post('/a', {}));
    expect(sent).toHaveLength(1);
    expect('err' in r && r.err.kind).toBe('network');
  });
});

describe('what the user gets (spec §8)', () => {
  it('999: the session ends and the login page opens', async () => {
    answers.push(json({ type: '999', code: 0, message: 'Please log in' }));
    const r = await settle(get('/user/info'));
    expect('err' in r && r.err.kind).toBe('session');
    expect(ui.cleared).toBe(1);
    expect(ui.toasts).toEqual(['Please log in']);
    expect(ui.went).toEqual([PATHS.login]);
  });

  it('998: the verification page opens', async () => {
    answers.push(json({ type: 998, code: 0, message: 'Verify first' }));
    const r = await settle(post('/wallet/out', {}));
    expect('err' in r && r.err.kind).toBe('verify');
    expect(ui.went).toEqual([PATHS.realMark]);
  });

  it('any other failure: the server’s text, not toasted for a quiet call', async () => {
    answers.push(
      json({ type: 'error', code: 0, message: 'Insufficient balance' }),
      json({ type: 'error', code: 0, message: 'hidden' }),
    );
    const loud = await settle(post('/trade/buy', {}));
    const quiet = await settle(get('/trade/list', {}, { quiet: true }));
    expect('err' in loud && [loud.err.kind, loud.err.message]).toEqual(['business', 'Insufficient balance']);
    expect('err' in quiet && quiet.err.kind).toBe('business');
    expect(ui.toasts).toEqual(['Insufficient balance']);
  });

  it('anything but HTTP 200 is a failure, even another 2xx; so is a body that is not JSON', async () => {
    answers.push(json({ type: 'ok', code: 1, message: 1 }, 201), new Response('<html>proxy</html>', { status: 200 }));
    const created = await settle(get('/a'));
    const html = await settle(get('/a'));
    expect('err' in created && created.err.kind).toBe('network');
    expect('err' in html && html.err.kind).toBe('network');
  });

  it('a call the caller cancels ends quietly', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const r = await settle(get('/a', {}, { signal: ctl.signal }));
    expect('err' in r && [r.err.kind, r.err.message]).toEqual(['network', 'cancelled']);
    expect(sent).toHaveLength(0);
    expect(ui.toasts).toEqual([]);
  });

  it('no answer within the timeout: a network failure, and a keyed POST is not sent again', async () => {
    vi.stubGlobal('fetch', (input: Request | string, init?: RequestInit) => {
      sent.push({ url: '', method: 'POST', headers: new Headers(), body: '' });
      const signal = input instanceof Request ? input.signal : init?.signal;
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    });
    const r = await settle(post('/slow', {}, { idempotent: true }));
    expect('err' in r && [r.err.kind, r.err.message]).toEqual(['network', 'timeout']);
    expect(sent).toHaveLength(1);
  });
});
