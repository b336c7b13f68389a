import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

/** A Storage stand-in (tests run in node): just the calls the back office makes. */
class MemoryStorage {
  private readonly m = new Map<string, string>();
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.m.set(k, v);
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
  get size(): number {
    return this.m.size;
  }
}

interface Sent {
  url: string;
  init: RequestInit;
}

const local = new MemoryStorage();
const session = new MemoryStorage();
const sent: Sent[] = [];
let answer: unknown = { type: 'ok', code: 1, message: { id: 1, name: 'op' } };
let status = 200;
let api: typeof import('./api');

beforeAll(async () => {
  const fakeFetch = async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    // the server's answer to a login: the token rides in Set-Cookie (HttpOnly), never in the body
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    return new Response(text, {
      status,
      headers: { 'content-type': typeof answer === 'string' ? 'text/html' : 'application/json' },
    });
  };
  Object.assign(globalThis, { localStorage: local, sessionStorage: session, fetch: fakeFetch });
  api = await import('./api');
});
beforeEach(() => {
  sent.length = 0;
  status = 200;
  answer = { type: 'ok', code: 1, message: { id: 1, name: 'op' } };
});

const headersOf = (s: Sent) => s.init.headers as Record<string, string>;

describe('the back office keeps no operator token where scripts can read it', () => {
  it('signing in stores nothing in localStorage or sessionStorage and sends no Authorization', async () => {
    expect(await api.admin.login('op', 'operator-secret-1')).toEqual({ id: 1, name: 'op' });
    await api.admin.me();
    expect(local.size).toBe(0);
    expect(session.size).toBe(0);
    for (const s of sent) {
      expect(headersOf(s).authorization).toBeUndefined();
      expect(s.init.credentials).toBe('same-origin'); // the HttpOnly cookie goes along
    }
  });

  it('every call carries the CSRF header the cookie-authenticated API requires; logout is a POST', async () => {
    await api.admin.reviewKyc(3, true, '');
    await api.admin.logout();
    expect(sent.map((s) => [s.init.method, s.url])).toEqual([
      ['POST', '/admin/api/kyc/review'],
      ['POST', '/admin/api/logout'],
    ]);
    for (const s of sent) expect(headersOf(s)[api.CSRF_HEADER]).toBe('1');
  });

  it('a lost session tells the app to show the sign-in again', async () => {
    let lost = 0;
    api.setOnSessionLost(() => lost++);
    answer = { type: '999', code: 0, message: 'Please log in' };
    await expect(api.admin.me()).rejects.toMatchObject({ sessionInvalid: true });
    expect(lost).toBe(1);
  });

  it('drops tokens older builds left in script-readable storage', () => {
    local.setItem('admin.token', 'old-1');
    session.setItem('h5.admin.operatorToken', 'old-2');
    api.forgetLegacyTokens();
    expect(local.size + session.size).toBe(0);
  });
});

describe("the back office asks the server for answers in the operator's language", () => {
  it('sends the chosen language in the lang header, so server errors come back in it', async () => {
    api.setRequestLang('zh', '请求失败，请稍后重试');
    answer = { type: 'error', code: 0, message: '登录失败，账号或密码错误' };
    await expect(api.admin.login('op', 'wrong')).rejects.toThrow('登录失败，账号或密码错误');
    expect(headersOf(sent[0]!).lang).toBe('zh');
  });

  it("a refusal with the server's envelope shows its message; an answer without one says the request failed", async () => {
    api.setRequestLang('zh', '请求失败，请稍后重试');
    status = 403;
    answer = { type: 'error', code: 0, message: '请求格式错误' };
    await expect(api.admin.me()).rejects.toThrow('请求格式错误');
    status = 502;
    answer = '<html>Bad gateway</html>';
    await expect(api.admin.me()).rejects.toThrow('请求失败，请稍后重试 (HTTP 502)');
    api.setRequestLang('en', 'Request failed');
  });
});
