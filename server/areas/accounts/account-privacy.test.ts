import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, post, registerAndLogin, rowCounts, type TestApp } from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerAndLogin(t.app, 'known@example.com');
});
afterAll(async () => {
  await t?.close();
});

const outboxFor = (to: string) => t.app.db.selectFrom('outbox').select('id').where('recipient', '=', to).execute();

/** /sms_mail (and the endpoints behind it) told strangers which accounts exist. */
describe('nobody learns whether an account exists', () => {
  it('a reset code request answers the same for a missing account, and sends nothing', async () => {
    const known = envelope(
      await post(t.app, '/api/sms_mail', { user_string: 'known@example.com', scene: 'forget' }, { lang: 'ko' }),
    );
    const ghost = envelope(
      await post(t.app, '/api/sms_mail', { user_string: 'ghost@example.com', scene: 'forget' }, { lang: 'ko' }),
    );
    expect(ghost).toEqual(known);
    expect(ghost).toEqual({ type: 'ok', code: 1, message: '인증 코드가 전송되었습니다' });
    expect(await outboxFor('ghost@example.com')).toEqual([]);
  });

  it('a registration code request answers the same for a taken account, and sends its owner no code', async () => {
    const before = (await outboxFor('known@example.com')).length;
    const taken = envelope(
      await post(t.app, '/api/sms_mail', { user_string: 'known@example.com', scene: 'register' }, { lang: 'fra' }),
    );
    const fresh = envelope(
      await post(t.app, '/api/sms_mail', { user_string: 'fresh@example.com', scene: 'register' }, { lang: 'fra' }),
    );
    expect(taken).toEqual(fresh);
    expect(taken).toEqual({ type: 'ok', code: 1, message: 'Code de vérification envoyé' });
    expect((await outboxFor('known@example.com')).length).toBe(before);
  });

  it('register and reset without the code answer the same for taken and free, known and unknown accounts', async () => {
    const reg = (who: string, code?: string) =>
      post(
        t.app,
        '/api/user/register',
        { user_string: who, password: 'secret-pass-1', re_password: 'secret-pass-1', code },
        { lang: 'en' },
      );
    const reset = (who: string, code?: string) =>
      post(
        t.app,
        '/api/user/forget',
        { account: who, password: 'secret-pass-1', repassword: 'secret-pass-1', code },
        { lang: 'en' },
      );
    for (const code of [undefined, '123456']) {
      expect(envelope(await reg('known@example.com', code))).toEqual(envelope(await reg('free@example.com', code)));
      expect(envelope(await reset('ghost@example.com', code))).toEqual(
        envelope(await reset('known@example.com', code)),
      );
    }
    const counts = await rowCounts(t.app);
    expect(envelope(await reg('known@example.com')).message).toBe('Please request and verify a code first');
    expect(await rowCounts(t.app)).toEqual(counts);
  });

  it('the same rate limits apply either way (a missing account is no way around them)', async () => {
    const strict = await createTestApp({
      rateLimits: {
        codesPerIpPerHour: 1000,
        codeIntervalSec: 60,
        loginPerIpPerMinute: 1000,
        globalPerIpPerMinute: 100_000,
      },
    });
    try {
      for (const who of ['nobody@example.com', 'somebody@example.com']) {
        expect(envelope(await post(strict.app, '/api/sms_mail', { user_string: who, scene: 'forget' })).type).toBe(
          'ok',
        );
        const again = envelope(
          await post(strict.app, '/api/sms_mail', { user_string: who, scene: 'forget' }, { lang: 'en' }),
        );
        expect(again.type).toBe('error');
      }
    } finally {
      await strict.close();
    }
  });
});
