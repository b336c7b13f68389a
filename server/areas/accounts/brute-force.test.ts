/**
 * Brute-force protection cannot be aimed at a user (auth/throttle.ts, docs/security.md): an
 * attacker guessing from 100 addresses slows itself, never the owner. The app's credential clock is
 * the test's (controlClock), so every wait is exact and nothing depends on the wall clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createOperator } from '../../auth/operators';
import { RULES } from '../../auth/throttle-rules';
import { createTestApp, envelope, form, get, lastCode, registerAndLogin, type TestApp } from '../../testing/app';
import { call, closeKit, controlClock, kit, totp, user } from '../../testing/funds-kit';

let t: TestApp;
let clock: ReturnType<typeof controlClock>;
beforeAll(async () => {
  t = await kit();
});
afterAll(() => closeKit(t));
beforeEach(() => {
  // Starts on a 30 s boundary (authenticator steps) near the wall's time: codes issued now stay unexpired.
  clock = controlClock(t, Math.ceil(Date.now() / 30_000) * 30_000);
});
afterEach(() => clock.restore());

const WRONG = 'Login failed: wrong account or password';
const wait = (s: number) => `Too many failed attempts, please try again in ${s} s`;
const STRANGER_WAIT_S = RULES.login.strangerWaitMs / 1000;
const USDT = 4;
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'; // a TRC20 address (USDT)

/** 100 attacker addresses (Fastify inject's remoteAddress: the socket's, as without TRUST_PROXY). */
const ATTACKERS = Array.from({ length: 100 }, (_, i) => `10.66.${Math.floor(i / 250)}.${(i % 250) + 1}`);

function send(
  url: string,
  fields: Record<string, string>,
  ip: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', ...headers },
  });
}
const message = (r: LightMyRequestResponse) => envelope(r).message;
/** The `name=value` of a Set-Cookie the response carries, for the next request's Cookie header. */
function cookie(r: LightMyRequestResponse, name: string): string {
  const c = [r.headers['set-cookie'] ?? []].flat().find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie: ${r.body}`);
  return c.split(';')[0];
}

const login = (account: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  send('/api/user/login', { user_string: account, password }, ip, headers);

/** Every attacker address guesses once, one after another (so the counts are exact); their answers. */
async function attackFromEveryAddress(guess: (ip: string) => Promise<LightMyRequestResponse>): Promise<string[]> {
  const answers: string[] = [];
  for (const ip of ATTACKERS) answers.push(message(await guess(ip)) as string);
  return answers;
}

describe('customer login: per (account, source), a budget per account, known devices', () => {
  it(
    'an attacker at 100 addresses cannot keep the owner out: the known device gets straight in, a new address within 30 s',
    { timeout: 300_000 },
    async () => {
      const account = 'owner@example.com';
      const token = await registerAndLogin(t.app, account);
      const first = await login(account, 'secret123', '192.0.2.10');
      expect(envelope(first).type).toBe('ok');
      const device = cookie(first, 'h5_device');
      expect([first.headers['set-cookie']].flat().join('\n')).toMatch(
        /h5_device=[^;]+; Path=\/api\/; Max-Age=34560000; HttpOnly; SameSite=Lax/,
      );

      // Round one: every address guesses; past the account's budget (20) the rest must wait first.
      const round1 = await attackFromEveryAddress((ip) => login(account, 'wrong-pass', ip));
      expect(round1.filter((m) => m === WRONG)).toHaveLength(RULES.login.budget);
      expect(round1.filter((m) => m === wait(STRANGER_WAIT_S))).toHaveLength(ATTACKERS.length - RULES.login.budget);
      // Round two, their wait over: each gets one more guess and then waits itself.
      clock.advance(RULES.login.strangerWaitMs);
      const round2 = await attackFromEveryAddress((ip) => login(account, 'wrong-pass', ip));
      expect(round2.filter((m) => m === WRONG)).toHaveLength(ATTACKERS.length);

      // The owner's known device, from an address it never used: in at once with the right password.
      expect(envelope(await login(account, 'secret123', '198.51.100.7', { cookie: device })).type).toBe('ok');
      // A forged cookie is no pass: its bearer is a stranger like any other.
      expect(
        message(
          await login(account, 'secret123', '198.51.100.8', {
            cookie: device.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`),
          }),
        ),
      ).toBe(wait(STRANGER_WAIT_S));

      // The owner on a new device and address: told to wait at most 30 s (Retry-After too), then in.
      const refused = await login(account, 'secret123', '203.0.113.5');
      expect(message(refused)).toBe(wait(STRANGER_WAIT_S));
      expect(refused.headers['retry-after']).toBe(String(STRANGER_WAIT_S));
      clock.advance(RULES.login.strangerWaitMs);
      expect(envelope(await login(account, 'secret123', '203.0.113.5')).type).toBe('ok');

      // The attackers meanwhile: under attack every further failure doubles an address's own wait (2 s, 4 s, 8 s …).
      expect(message(await login(account, 'wrong-pass', ATTACKERS[0]))).toBe(WRONG);
      expect(message(await login(account, 'wrong-pass', ATTACKERS[0]))).toBe(wait(8));
      // The owner was told strangers are being slowed.
      const notices = (
        envelope(await get(t.app, '/api/user/notices?page=1&limit=20', { authorization: token, lang: 'en' }))
          .message as { list: { body: string }[] }
      ).list;
      expect(notices.map((n) => n.body)).toContain(
        'Login password was entered wrongly many times from other devices; they are now slowed down. Devices you have signed in on before are not affected. If this was not you, change your password now.',
      );
    },
  );

  it('one address earns growing waits (5 free failures, then 2 s, 4 s, 8 s …); other addresses and the right password are unaffected', async () => {
    const account = 'slow@example.com';
    await registerAndLogin(t.app, account);
    for (let i = 0; i < 5; i++) expect(message(await login(account, 'wrong-pass', '10.77.0.1'))).toBe(WRONG);
    expect(message(await login(account, 'secret123', '10.77.0.1'))).toBe(wait(2));
    clock.advance(2000);
    expect(message(await login(account, 'wrong-pass', '10.77.0.1'))).toBe(WRONG);
    expect(message(await login(account, 'wrong-pass', '10.77.0.1'))).toBe(wait(4));
    clock.advance(3000);
    expect(message(await login(account, 'wrong-pass', '10.77.0.1'))).toBe(wait(1));
    // Another address was never slowed.
    expect(envelope(await login(account, 'secret123', '10.77.0.2')).type).toBe('ok');
    clock.advance(1000);
    expect(message(await login(account, 'wrong-pass', '10.77.0.1'))).toBe(WRONG);
    expect(message(await login(account, 'wrong-pass', '10.77.0.1'))).toBe(wait(8));
    // The wait is in the user's language.
    expect(message(await login(account, 'wrong-pass', '10.77.0.1', { lang: 'zh' }))).toBe(
      '错误次数过多，请 8 秒后再试',
    );
  });

  it('unknown accounts are throttled the same way (a wait reveals nothing)', async () => {
    for (let i = 0; i < 5; i++) expect(message(await login('ghost@example.com', 'whatever1', '10.78.0.1'))).toBe(WRONG);
    expect(message(await login('ghost@example.com', 'whatever1', '10.78.0.1'))).toBe(wait(2));
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it(
    "the X-Forwarded-For client address is the source: one client's waits do not slow another",
    { timeout: 300_000 },
    async () => {
      const proxied = await createTestApp({ trustProxy: true });
      try {
        const clk = controlClock(proxied, Math.ceil(Date.now() / 30_000) * 30_000);
        await registerAndLogin(proxied.app, 'proxied@example.com');
        const via = (client: string, password: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/user/login',
            payload: form({ user_string: 'proxied@example.com', password }),
            remoteAddress: '10.0.0.1',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client, lang: 'en' },
          });
        for (let i = 0; i < 5; i++) expect(message(await via('203.0.113.66', 'wrong-pass'))).toBe(WRONG);
        expect(message(await via('203.0.113.66', 'secret123'))).toBe(wait(2));
        // the same proxy, another client: not slowed
        expect(envelope(await via('198.51.100.66', 'secret123')).type).toBe('ok');
        clk.restore();
      } finally {
        await proxied.close();
      }
    },
  );
});

describe('verification codes: per (target, source)', () => {
  const checkCode = (account: string, code: string, ip: string) =>
    send('/api/user/check_email', { user_string: account, scene: 'forget', email_code: code }, ip);

  it(
    "100 addresses guessing never burn the owner's fresh code: the owner uses it within 30 s",
    { timeout: 300_000 },
    async () => {
      const account = 'codes@example.com';
      await registerAndLogin(t.app, account);
      expect(envelope(await send('/api/sms_mail', { user_string: account, scene: 'forget' }, '192.0.2.20')).type).toBe(
        'ok',
      );
      const code = await lastCode(t.app, account);
      const wrong = code === '000000' ? '111111' : '000000';
      // Five wrong guesses from each address: once the target's budget is spent, the rest wait.
      for (let round = 0; round < 5; round++) {
        await attackFromEveryAddress((ip) => checkCode(account, wrong, ip));
        clock.advance(RULES.code.strangerWaitMs);
      }
      // hundreds of wrong guesses at this one code …
      const guessed = await t.app.db
        .selectFrom('verification_codes')
        .select('attempts')
        .where('target', '=', account)
        .where('scene', '=', 'forget')
        .executeTakeFirstOrThrow();
      expect(guessed.attempts).toBeGreaterThan(100);
      // The owner, from the address that asked for the code: waits at most 30 s, then the code still works.
      const reset = () =>
        send('/api/user/forget', { account, password: 'newpass123', repassword: 'newpass123', code }, '192.0.2.20');
      expect(message(await reset())).toBe(wait(RULES.code.strangerWaitMs / 1000));
      clock.advance(RULES.code.strangerWaitMs);
      expect(envelope(await reset()).type).toBe('ok');
      expect(envelope(await login(account, 'newpass123', '192.0.2.20')).type).toBe('ok');
    },
  );

  it('re-sending a code does not buy one address fresh guesses', async () => {
    const email = 'resend@example.com';
    const check = (c: string) =>
      send('/api/user/check_email', { user_string: email, scene: 'register', email_code: c }, '10.79.0.1');
    let code = '';
    for (let round = 0; round < 2; round++) {
      await send('/api/sms_mail', { user_string: email, scene: 'register' }, '10.79.0.1');
      code = await lastCode(t.app, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < (round ? 1 : 5); i++) expect(message(await check(wrong))).toBe('Incorrect verification code');
      if (round) expect(message(await check(code))).toBe(wait(4));
      else clock.advance(2000);
    }
    // Another address (the owner's) enters the newest code at once.
    expect(
      envelope(
        await send('/api/user/check_email', { user_string: email, scene: 'register', email_code: code }, '10.79.0.2'),
      ).type,
    ).toBe('ok');
  });
});

describe('payment password and authenticator: per (user, session)', () => {
  it("a session's wrong guesses slow that session, not the owner's other session", { timeout: 300_000 }, async () => {
    const u = await user(t, { level: 1, payPassword: 'paypass123' });
    const setup = (await call(t, 'GET', '/api/user/getUseGa', u.token)).message as { secret: string };
    expect(
      (await call(t, 'POST', '/api/user/saveUserga', u.token, { gasercert: await totp(setup.secret, 0, clock.now()) }))
        .type,
    ).toBe('ok');
    // a second session, opened after the binding (which ends the others)
    const other = message(await login(u.email, 'secret123', '192.0.2.30')) as string;
    clock.advance(30_000);
    const withdraw = (token: string, extra: Record<string, string>) =>
      call(t, 'POST', '/api/wallet/out', token, {
        currency: USDT,
        number: '20',
        address: ADDRESS,
        pay_password: 'paypass123',
        ...extra,
      });
    const right = await totp(setup.secret, 0, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await withdraw(other, { gasercert: wrong })).message).toBe('Incorrect Google authenticator code');
    expect((await withdraw(other, { gasercert: right })).message).toBe(wait(2));
    for (let i = 0; i < 5; i++)
      expect((await withdraw(other, { pay_password: `guess${i}xx`, gasercert: right })).message).toBe(
        'Incorrect payment password',
      );
    expect((await withdraw(other, { gasercert: right })).message).toBe(wait(2));
    // The owner's own session: its right code passes the authenticator check (the balance is what stops it).
    const mine = await withdraw(u.token, { gasercert: right });
    expect(mine.message).not.toMatch(/Too many failed attempts|Incorrect/);
  });
});

describe('operator login: per (name, source), per address, known devices', () => {
  const opLogin = (name: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    send('/admin/api/login', { name, password }, ip, { 'x-operator-csrf': '1', ...headers });

  it(
    '100 addresses cannot keep an operator out: the known device gets straight in, a new address within 30 s',
    { timeout: 300_000 },
    async () => {
      await createOperator(t.app.db, 'op_target', 'operator-secret-1');
      const first = await opLogin('op_target', 'operator-secret-1', '192.0.2.40');
      expect(envelope(first).type).toBe('ok');
      const device = cookie(first, 'h5_op_device');
      expect(cookie(first, 'h5_operator')).toMatch(/^h5_operator=/);
      await attackFromEveryAddress((ip) => opLogin('op_target', 'wrong-password', ip));
      clock.advance(RULES.operator_login.strangerWaitMs);
      await attackFromEveryAddress((ip) => opLogin('op_target', 'wrong-password', ip));
      expect(envelope(await opLogin('op_target', 'operator-secret-1', '198.51.100.40', { cookie: device })).type).toBe(
        'ok',
      );
      expect(message(await opLogin('op_target', 'operator-secret-1', '203.0.113.40'))).toBe(wait(STRANGER_WAIT_S));
      clock.advance(RULES.operator_login.strangerWaitMs);
      expect(envelope(await opLogin('op_target', 'operator-secret-1', '203.0.113.40')).type).toBe('ok');
    },
  );

  it('one address cannot try many operator names fast: 10 failures across names, then it waits', async () => {
    await createOperator(t.app.db, 'op_spray', 'operator-secret-1');
    for (let i = 0; i < 10; i++)
      expect(message(await opLogin(`op_name_${i}`, 'wrong-password', '10.80.0.1'))).toBe(WRONG);
    expect(message(await opLogin('op_name_new', 'wrong-password', '10.80.0.1'))).toBe(wait(5));
    // Another address is not slowed, and the operator there gets in.
    expect(envelope(await opLogin('op_spray', 'operator-secret-1', '10.80.0.2')).type).toBe('ok');
    clock.advance(5000);
    expect(message(await opLogin('op_name_new', 'wrong-password', '10.80.0.1'))).toBe(WRONG);
    expect(message(await opLogin('op_name_new2', 'wrong-password', '10.80.0.1'))).toBe(wait(10));
  });
});

describe('per-IP limits cover the back office', () => {
  it('/admin/api answers 429 past the per-IP ceiling', async () => {
    const strict = await createTestApp({
      rateLimits: { codeIntervalSec: 0, codesPerIpPerHour: 100, loginPerIpPerMinute: 1000, globalPerIpPerMinute: 3 },
    });
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
