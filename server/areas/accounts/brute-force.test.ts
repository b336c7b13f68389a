import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../auth/operators';
import { createTestApp, envelope, get, lastCode, post, registerAndLogin, type TestApp } from '../../testing/app';
import { call, closeKit, kit, totp, user, type TestUser } from '../../testing/funds-kit';

let t: TestApp;
beforeAll(async () => {
  t = await kit();
});
afterAll(() => closeKit(t));

const LOCKED = 'Too many failed attempts, please try again in 1 min';
const USDT = 4;
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'; // a TRC20 address (USDT)

/** Each request from its own address: the per-account lock must not depend on the IP. */
let ip = 0;
const fromNewIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const login = async (user_string: string, password: string) =>
  envelope(await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string, password }, remoteAddress: fromNewIp(), headers: { lang: 'en' } })).message;

/** The lock ran out (as if its minute had passed). */
const unlock = () => t.app.db.updateTable('auth_failures').set({ locked_until: new Date(Date.now() - 1000) }).execute();

async function notices(token: string): Promise<{ title: string; body: string }[]> {
  const r = envelope(await get(t.app, '/api/user/notices?page=1&limit=20', { authorization: token, lang: 'en' }));
  return (r.message as { list: { title: string; body: string }[] }).list;
}

describe('per-account lock with back-off', () => {
  it('login: five wrong passwords from five addresses lock the account; the right one waits; the user is told', async () => {
    const token = await registerAndLogin(t.app, 'target@example.com');
    for (let i = 0; i < 4; i++) expect(await login('target@example.com', 'wrong-pass')).toBe('Login failed: wrong account or password');
    expect(await login('target@example.com', 'wrong-pass')).toBe(LOCKED);
    expect(await login('target@example.com', 'secret123')).toBe(LOCKED);
    expect((await notices(token))[0]).toEqual(expect.objectContaining({
      title: 'Account protection activated',
      body: 'Login password was entered wrongly too many times and is locked for 1 min. If this was not you, change your password now.',
    }));

    // After the lock one more failure doubles it; the right password after that lock works and resets.
    await unlock();
    expect(await login('target@example.com', 'wrong-pass')).toBe('Too many failed attempts, please try again in 2 min');
    await unlock();
    expect(typeof (await login('target@example.com', 'secret123'))).toBe('string');
    expect(await login('target@example.com', 'wrong-pass')).toBe('Login failed: wrong account or password');
  });

  it('unknown accounts lock the same way (a lock reveals nothing)', async () => {
    for (let i = 0; i < 4; i++) await login('ghost@example.com', 'whatever1');
    expect(await login('ghost@example.com', 'whatever1')).toBe(LOCKED);
  });

  async function payUser(): Promise<TestUser> {
    return user(t, { level: 1, payPassword: 'paypass123' });
  }
  const withdraw = (u: TestUser, extra: Record<string, string>) =>
    call(t, 'POST', '/api/wallet/out', u.token, { currency: USDT, number: '20', address: ADDRESS, pay_password: 'paypass123', ...extra });

  it('payment password: five wrong guesses lock it, even against the right one', async () => {
    const u = await payUser();
    for (let i = 0; i < 4; i++) expect((await withdraw(u, { pay_password: `guess${i}xx` })).message).toBe('Incorrect payment password');
    expect((await withdraw(u, { pay_password: 'guess4xx' })).message).toBe(LOCKED);
    expect((await withdraw(u, {})).message).toBe(LOCKED);
    // Changing the payment password needs the old one: the same lock holds there.
    const change = await call(t, 'POST', '/api/safe/update_password', u.token, { password: 'newpay1234', re_password: 'newpay1234', oldPasswd: 'paypass123' });
    expect(change.message).toBe(LOCKED);
    expect((await notices(u.token))[0].body).toContain('Payment password was entered wrongly too many times');
  });

  it('authenticator codes: five wrong codes lock them, even against a right one', async () => {
    const u = await payUser();
    const setup = (await call(t, 'GET', '/api/user/getUseGa', u.token)).message as { secret: string };
    expect((await call(t, 'POST', '/api/user/saveUserga', u.token, { gasercert: await totp(setup.secret) })).type).toBe('ok');
    const right = await totp(setup.secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await withdraw(u, { gasercert: wrong })).message).toBe('Incorrect Google authenticator code');
    expect((await withdraw(u, { gasercert: wrong })).message).toBe(LOCKED);
    expect((await withdraw(u, { gasercert: right })).message).toBe(LOCKED);
  });

  it('verification codes: re-sending a code does not buy fresh guesses forever', async () => {
    const email = 'codes@example.com';
    const check = async (code: string) => envelope(await post(t.app, '/api/user/check_email', { user_string: email, scene: 'register', email_code: code })).message;
    let code = '';
    for (let round = 0; round < 2; round++) {
      await post(t.app, '/api/sms_mail', { user_string: email, scene: 'register' });
      code = await lastCode(t.app, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < (round ? 4 : 5); i++) expect(await check(wrong)).toBe('Incorrect verification code');
    }
    const last = code === '000000' ? '111111' : '000000';
    expect(await check(last)).toBe(LOCKED);
    expect(await check(code)).toBe(LOCKED);
  });

  it('operator login locks per operator name', async () => {
    await createOperator(t.app.db, 'op_brute', 'operator-secret-1');
    const opLogin = async (password: string) =>
      envelope(await t.app.inject({ method: 'POST', url: '/admin/api/login', payload: { name: 'op_brute', password }, headers: { 'x-operator-csrf': '1' }, remoteAddress: fromNewIp() })).message;
    for (let i = 0; i < 4; i++) expect(await opLogin('wrong-password')).toBe('Login failed: wrong account or password');
    expect(await opLogin('wrong-password')).toBe(LOCKED);
    expect(await opLogin('operator-secret-1')).toBe(LOCKED);
  });
});

describe('per-IP limits cover the back office', () => {
  it('/admin/api answers 429 past the per-IP ceiling', async () => {
    const strict = await createTestApp({ rateLimits: { codeIntervalSec: 0, codesPerIpPerHour: 100, loginPerIpPerMinute: 1000, globalPerIpPerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await get(strict.app, '/admin/api/me')).statusCode).toBe(200);
      const res = await get(strict.app, '/admin/api/me', { lang: 'en' });
      expect(res.statusCode).toBe(429);
      expect(envelope(res).message).toBe('Too many requests, please try again later');
    } finally {
      await strict.close();
    }
  });
});
