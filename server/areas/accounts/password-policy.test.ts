import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, lastCode, post, registerAndLogin, type TestApp } from '../../testing/app';
import { passwordProblem } from '../../auth/password-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the password rule', () => {
  it.each([
    ['aaaaaa', 'password_too_short'],
    ['abc123', 'password_too_short'],
    ['密码安全12', 'password_too_short'],
    ['aaaaaaa', 'password_too_common'],
    ['aaaaaaaa', 'password_too_common'],
    ['11111111', 'password_too_common'],
    ['Password1', 'password_too_common'],
    ['qwerty123', 'password_too_common'],
    ['abcdefgh', 'password_needs_letters_digits'],
    ['12345678', 'password_needs_letters_digits'],
    ['secret123', undefined],
    ['abc1234', 'password_too_common'],
    ['tiger77', undefined],
    ['letters', 'password_needs_letters_digits'],
    ['1234567', 'password_needs_letters_digits'],
    ['secre77', undefined],
    ['demo-trader-2024', undefined],
    ['密码安全口令2024', undefined],
  ])('%s → %s', (pw, problem) => {
    expect(passwordProblem(pw)).toBe(problem);
  });
});

describe('weak passwords are refused everywhere a password is set', () => {
  it('at registration, in the user’s language, and no account is made', async () => {
    const email = 'weak.reg@example.com';
    await post(t.app, '/api/sms_mail', { user_string: email, scene: 'register' });
    const code = await lastCode(t.app, email);
    const weak = envelope(
      await post(
        t.app,
        '/api/user/register',
        { user_string: email, password: 'abc123', re_password: 'abc123', code },
        { lang: 'en' },
      ),
    );
    expect(weak).toEqual({ type: 'error', code: 0, message: 'The password must be at least 7 characters' });
    const same = envelope(
      await post(
        t.app,
        '/api/user/register',
        { user_string: email, password: 'aaaaaaaa', re_password: 'aaaaaaaa', code },
        { lang: 'fra' },
      ),
    );
    expect(same).toEqual({
      type: 'error',
      code: 0,
      message: 'Ce mot de passe est trop facile à deviner, choisissez-en un autre',
    });
    const letters = envelope(
      await post(
        t.app,
        '/api/user/register',
        { user_string: email, password: 'onlyletters', re_password: 'onlyletters', code },
        { lang: 'zh' },
      ),
    );
    expect(letters).toEqual({ type: 'error', code: 0, message: '密码须同时包含字母和数字' });
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    // the code is still good for a proper password
    const good = envelope(
      await post(t.app, '/api/user/register', {
        user_string: email,
        password: 'weak-no-more-7',
        re_password: 'weak-no-more-7',
        code,
      }),
    );
    expect(good.type).toBe('ok');
  });

  it('at password reset: the old password keeps working', async () => {
    const email = 'weak.reset@example.com';
    await registerAndLogin(t.app, email, 'original-pass-1');
    await post(t.app, '/api/sms_mail', { user_string: email, scene: 'forget' });
    const code = await lastCode(t.app, email);
    const r = envelope(
      await post(
        t.app,
        '/api/user/forget',
        { account: email, password: 'zzzzzzzz', repassword: 'zzzzzzzz', code },
        { lang: 'ko' },
      ),
    );
    expect(r).toEqual({
      type: 'error',
      code: 0,
      message: '이 비밀번호는 추측하기 너무 쉽습니다. 다른 비밀번호를 선택하세요',
    });
    expect(envelope(await post(t.app, '/api/user/login', { user_string: email, password: 'zzzzzzzz' })).type).toBe(
      'error',
    );
    expect(
      envelope(await post(t.app, '/api/user/login', { user_string: email, password: 'original-pass-1' })).type,
    ).toBe('ok');
  });

  it('when setting the payment password', async () => {
    const token = await registerAndLogin(t.app, 'weak.pay@example.com', 'login-pass-1');
    const r = envelope(
      await post(
        t.app,
        '/api/safe/update_password',
        { password: '1111111111', re_password: '1111111111', oldPasswd: 'login-pass-1' },
        { authorization: token, lang: 'en' },
      ),
    );
    expect(r).toEqual({ type: 'error', code: 0, message: 'This password is too easy to guess, please choose another' });
    const u = await t.app.db
      .selectFrom('users')
      .select('pay_password_hash')
      .where('email', '=', 'weak.pay@example.com')
      .executeTakeFirstOrThrow();
    expect(u.pay_password_hash).toBeNull();
  });
});
