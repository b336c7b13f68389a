import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  get,
  lastCode,
  post,
  registerAndLogin,
  rowCounts,
  type TestApp,
} from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('register → login → info → logout', () => {
  it('walks the whole flow with the code read from the outbox', async () => {
    const email = 'Alice@Example.com';
    const sent = envelope(await post(t.app, '/api/sms_mail', { user_string: email, scene: 'register', lang: 'en' }));
    expect(sent).toEqual({ type: 'ok', code: 1, message: 'Verification code sent' });
    const code = await lastCode(t.app, 'alice@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const check = envelope(
      await post(t.app, '/api/user/check_email', { user_string: email, scene: 'register', email_code: code }),
    );
    expect(check.type).toBe('ok');

    // Code already verified by check_email: register needs no code field (spec §7 payload).
    const reg = envelope(
      await post(t.app, '/api/user/register', {
        user_string: email,
        password: 'secret123',
        re_password: 'secret123',
        type: 'email',
      }),
    );
    expect(reg).toEqual({ type: 'ok', code: 1, message: 'Registration succeeded' });

    const login = envelope(await post(t.app, '/api/user/login', { user_string: email, password: 'secret123' }));
    expect(login.type).toBe('ok');
    const token = login.message as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the hash is stored.
    const stored = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const info = envelope(await get(t.app, '/api/user/info', { authorization: token }));
    expect(info.type).toBe('ok');
    expect(info.message).toMatchObject({ email: 'alice@example.com', account: 'alice@example.com', level: 0 });

    const bearer = envelope(await get(t.app, '/api/user/inloging', { authorization: `Bearer ${token}` }));
    expect(bearer).toEqual({ type: 'ok', code: 1, message: true });

    const out = envelope(await get(t.app, '/api/user/logout', { authorization: token, lang: 'zh' }));
    expect(out).toEqual({ type: 'ok', code: 1, message: '已退出登录' });

    const after = envelope(await get(t.app, '/api/user/info', { authorization: token, lang: 'zh' }));
    expect(after).toEqual({ type: '999', code: 0, message: '登录已失效，请重新登录' });
  });

  it('registers a mobile account with the code given directly, and the code is single-use', async () => {
    await post(t.app, '/api/sms_mail', { user_string: '13812345678', scene: 'register', area_code: '86' });
    const code = await lastCode(t.app, '+86 13812345678');
    const body = { user_string: '13812345678', password: 'secret123', re_password: 'secret123', code };
    expect(envelope(await post(t.app, '/api/user/register', body)).type).toBe('ok');
    // the used code is spent: checked before the account, so the answer reveals nothing else
    const again = envelope(await post(t.app, '/api/user/register', { ...body, user_string: '13812345678' }));
    expect(again.message).toBe('Incorrect verification code');
  });

  it('refuses a second registration with the same email (without saying so to a stranger)', async () => {
    await registerAndLogin(t.app, 'bob@example.com');
    const res = envelope(
      await post(t.app, '/api/sms_mail', { user_string: 'bob@example.com', scene: 'register' }, { lang: 'fra' }),
    );
    expect(res).toEqual({ type: 'ok', code: 1, message: 'Code de vérification envoyé' });
    const reg = envelope(
      await post(
        t.app,
        '/api/user/register',
        { user_string: 'bob@example.com', password: 'secret123', re_password: 'secret123', code: '000000' },
        { lang: 'fra' },
      ),
    );
    expect(reg.type).toBe('error');
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').execute(),
    ).toHaveLength(1);
  });

  it('resets the password with a forget code and signs out every session', async () => {
    const token = await registerAndLogin(t.app, 'carol@example.com', 'oldpass123');
    expect(
      envelope(await post(t.app, '/api/sms_mail', { user_string: 'carol@example.com', scene: 'forget' })).type,
    ).toBe('ok');
    const code = await lastCode(t.app, 'carol@example.com');
    const res = envelope(
      await post(t.app, '/api/user/forget', {
        account: 'carol@example.com',
        password: 'newpass123',
        repassword: 'newpass123',
        code,
      }),
    );
    expect(res.type).toBe('ok');
    expect(envelope(await get(t.app, '/api/user/info', { authorization: token })).type).toBe('999');
    expect(
      envelope(await post(t.app, '/api/user/login', { user_string: 'carol@example.com', password: 'oldpass123' })).type,
    ).toBe('error');
    expect(
      envelope(await post(t.app, '/api/user/login', { user_string: 'carol@example.com', password: 'newpass123' })).type,
    ).toBe('ok');
  });
});

describe('verification codes', () => {
  it('five wrong guesses slow the guessing address but do not burn the code', async () => {
    await post(t.app, '/api/sms_mail', { user_string: 'dave@example.com', scene: 'register' });
    const code = await lastCode(t.app, 'dave@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = envelope(
        await post(t.app, '/api/user/check_email', {
          user_string: 'dave@example.com',
          scene: 'register',
          email_code: wrong,
        }),
      );
      expect(r.message).toBe('Incorrect verification code');
    }
    const r = envelope(
      await post(t.app, '/api/user/check_email', {
        user_string: 'dave@example.com',
        scene: 'register',
        email_code: code,
      }),
    );
    expect(r.message).toMatch(/^Too many failed attempts, please try again in \d+ s$/);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/user/check_email',
      payload: { user_string: 'dave@example.com', scene: 'register', email_code: code },
      remoteAddress: '192.0.2.99',
    });
    expect(envelope(elsewhere).type).toBe('ok');
  });

  it('rejects an expired code', async () => {
    await post(t.app, '/api/sms_mail', { user_string: 'erin@example.com', scene: 'register' });
    const code = await lastCode(t.app, 'erin@example.com');
    await t.app.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target', '=', 'erin@example.com')
      .execute();
    const r = envelope(
      await post(t.app, '/api/user/register', {
        user_string: 'erin@example.com',
        password: 'secret123',
        re_password: 'secret123',
        code,
      }),
    );
    expect(r.message).toBe('The verification code has expired, please request a new one');
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'erin@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('will not register without a verified code', async () => {
    const r = envelope(
      await post(
        t.app,
        '/api/user/register',
        { user_string: 'frank@example.com', password: 'secret123', re_password: 'secret123' },
        { lang: 'jp' },
      ),
    );
    expect(r).toEqual({ type: 'error', code: 0, message: '先に認証コードを取得して確認してください' });
  });
});

describe('bad input changes nothing and answers in the request language', () => {
  const cases: { name: string; url: string; body: Record<string, string>; lang: string; message: string }[] = [
    {
      name: 'sms_mail without user_string',
      url: '/api/sms_mail',
      body: { scene: 'register' },
      lang: 'en',
      message: 'Parameter error',
    },
    {
      name: 'sms_mail bad email',
      url: '/api/sms_mail',
      body: { user_string: 'a@b', scene: 'register' },
      lang: 'zh',
      message: '邮箱格式不正确',
    },
    {
      name: 'sms_mail bad mobile',
      url: '/api/sms_mail',
      body: { user_string: '12345678901', scene: 'register' },
      lang: 'en',
      message: 'Invalid mobile number',
    },
    {
      name: 'sms_mail unknown scene',
      url: '/api/sms_mail',
      body: { user_string: 'x@example.com', scene: 'launch' },
      lang: 'en',
      message: 'Parameter error',
    },
    {
      name: 'check_email 5-digit code',
      url: '/api/user/check_email',
      body: { user_string: 'x@example.com', scene: 'register', email_code: '12345' },
      lang: 'en',
      message: 'Incorrect verification code',
    },
    {
      name: 'register short password',
      url: '/api/user/register',
      body: { user_string: 'x@example.com', password: 'abc123', re_password: 'abc123' },
      lang: 'en',
      message: 'The password must be at least 7 characters',
    },
    {
      name: 'register mismatch',
      url: '/api/user/register',
      body: { user_string: 'x@example.com', password: 'secret-123', re_password: 'secret-321' },
      lang: 'hk',
      message: '兩次密碼不一致',
    },
    {
      name: 'register missing fields',
      url: '/api/user/register',
      body: {},
      lang: 'spa',
      message: 'Error de parámetro',
    },
    {
      name: 'register bad invite',
      url: '/api/user/register',
      body: { user_string: 'x@example.com', password: 'secret-123', re_password: 'secret-123', invite: 'NOPE' },
      lang: 'th',
      message: 'รหัสเชิญไม่ถูกต้อง',
    },
    {
      name: 'login wrong password',
      url: '/api/user/login',
      body: { user_string: 'bob@example.com', password: 'wrongwrong' },
      lang: 'en',
      message: 'Login failed: wrong account or password',
    },
    {
      name: 'login unknown account',
      url: '/api/user/login',
      body: { user_string: 'nobody@example.com', password: 'whatever1' },
      lang: 'en',
      message: 'Login failed: wrong account or password',
    },
    {
      name: 'login demo system user',
      url: '/api/user/login',
      body: { user_string: 'demo@example.com', password: '!' },
      lang: 'en',
      message: 'Login failed: wrong account or password',
    },
    {
      name: 'login no password',
      url: '/api/user/login',
      body: { user_string: 'bob@example.com' },
      lang: 'en',
      message: 'Parameter error',
    },
    {
      name: 'forget mismatch',
      url: '/api/user/forget',
      body: { account: 'bob@example.com', password: 'secret-123', repassword: 'secret-124', code: '123456' },
      lang: 'en',
      message: 'The two passwords are inconsistent',
    },
    {
      name: 'forget without code',
      url: '/api/user/forget',
      body: { account: 'bob@example.com', password: 'secret-123', repassword: 'secret-123' },
      lang: 'en',
      message: 'Please request and verify a code first',
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const before = await rowCounts(t.app);
      const res = await post(t.app, c.url, c.body, { lang: c.lang });
      expect(res.statusCode).toBe(200);
      expect(envelope(res)).toEqual({ type: 'error', code: 0, message: c.message });
      expect(await rowCounts(t.app)).toEqual(before);
    });
  }

  it('wrong types (arrays for strings) are parameter errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_string: ['a', 'b'], password: 5 },
    });
    expect(envelope(res)).toEqual({ type: 'error', code: 0, message: 'Parameter error' });
  });

  it('kor is an alias of ko and an unknown lang falls back to en', async () => {
    expect(envelope(await get(t.app, '/api/user/info', { lang: 'kor' })).message).toBe('먼저 로그인하세요');
    expect(envelope(await get(t.app, '/api/user/info', { lang: 'xx' })).message).toBe('Please log in first');
    expect(envelope(await get(t.app, '/api/user/info?lang=zh')).message).toBe('请先登录');
  });

  it('unknown, malformed and missing tokens get 999', async () => {
    for (const path of ['/api/user/info', '/api/user/inloging', '/api/user/logout']) {
      expect(envelope(await get(t.app, path))).toEqual({ type: '999', code: 0, message: 'Please log in first' });
      expect(envelope(await get(t.app, path, { authorization: 'Bearer not-a-real-token' }))).toEqual({
        type: '999',
        code: 0,
        message: 'Your session has expired, please log in again',
      });
      expect(envelope(await get(t.app, path, { authorization: 'x'.repeat(500) })).type).toBe('999');
    }
  });

  it('an oversized form body is 413 with an envelope', async () => {
    const before = await rowCounts(t.app);
    const res = await post(t.app, '/api/user/register', {
      user_string: 'big@example.com',
      password: 'x'.repeat(400_000),
      re_password: 'x',
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res)).toEqual({ type: 'error', code: 0, message: 'The request is too large' });
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('malformed JSON is 400 with an envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"user_string":',
      headers: { 'content-type': 'application/json', lang: 'zh' },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({ type: 'error', code: 0, message: '请求格式错误' });
  });

  it('an unknown route is 404 with an envelope', async () => {
    const res = await get(t.app, '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({ type: 'error', code: 0, message: 'Not found' });
  });
});

describe('invitations', () => {
  it('requires a valid invite when the site setting says so, and DEMO2026 works', async () => {
    await t.app.db.insertInto('settings').values({ key: 'invite_required', value: '1' }).execute();
    try {
      const site = envelope(await get(t.app, '/api/getSiteConfig'));
      expect(site.message).toMatchObject({ invite_required: true });
      await post(t.app, '/api/sms_mail', { user_string: 'ivy@example.com', scene: 'register' });
      const code = await lastCode(t.app, 'ivy@example.com');
      const base = { user_string: 'ivy@example.com', password: 'secret123', re_password: 'secret123', code };
      expect(envelope(await post(t.app, '/api/user/register', base)).message).toBe('An invitation code is required');
      expect(envelope(await post(t.app, '/api/user/register', { ...base, extension_code: 'demo2026' })).type).toBe(
        'ok',
      );
      const user = await t.app.db
        .selectFrom('users')
        .select('invited_by')
        .where('email', '=', 'ivy@example.com')
        .executeTakeFirstOrThrow();
      const demo = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', 'DEMO2026')
        .executeTakeFirstOrThrow();
      expect(user.invited_by).toBe(demo.id);
    } finally {
      await t.app.db.deleteFrom('settings').where('key', '=', 'invite_required').execute();
    }
  });
});

describe('rate limits', () => {
  it('one code per account per interval, and a ceiling per IP', async () => {
    const strict = await createTestApp({
      rateLimits: {
        codeIntervalSec: 60,
        codesPerIpPerHour: 3,
        loginPerIpPerMinute: 1000,
        globalPerIpPerMinute: 100_000,
      },
    });
    try {
      expect(
        envelope(await post(strict.app, '/api/sms_mail', { user_string: 'r1@example.com', scene: 'register' })).type,
      ).toBe('ok');
      const again = envelope(
        await post(strict.app, '/api/sms_mail', { user_string: 'r1@example.com', scene: 'register' }),
      );
      expect(again.message).toMatch(/^Too frequent, try again in (59|60) s$/);
      expect(
        envelope(await post(strict.app, '/api/sms_mail', { user_string: 'r2@example.com', scene: 'register' })).type,
      ).toBe('ok');
      expect(
        envelope(await post(strict.app, '/api/sms_mail', { user_string: 'r3@example.com', scene: 'register' })).type,
      ).toBe('ok');
      const capped = envelope(
        await post(strict.app, '/api/sms_mail', { user_string: 'r4@example.com', scene: 'register' }),
      );
      expect(capped.message).toBe('Too many requests, please try again later');
    } finally {
      await strict.close();
    }
  });

  it('login attempts per IP are limited with 429 and an envelope', async () => {
    const strict = await createTestApp({
      rateLimits: { codeIntervalSec: 0, codesPerIpPerHour: 100, loginPerIpPerMinute: 2, globalPerIpPerMinute: 100_000 },
    });
    try {
      for (let i = 0; i < 2; i++)
        await post(strict.app, '/api/user/login', { user_string: 'z@example.com', password: 'whatever1' });
      const res = await post(
        strict.app,
        '/api/user/login',
        { user_string: 'z@example.com', password: 'whatever1' },
        { lang: 'zh' },
      );
      expect(res.statusCode).toBe(429);
      expect(envelope(res)).toEqual({ type: 'error', code: 0, message: '请求过于频繁，请稍后再试' });
    } finally {
      await strict.close();
    }
  });
});
