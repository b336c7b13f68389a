import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../auth/operators';
import { createTestApp, envelope, get, loginOperator, registerAndLogin, type TestApp } from '../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function userSession(email: string): Promise<{ token: string; id: number }> {
  const token = await registerAndLogin(t.app, email);
  const row = await t.app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

const info = async (token: string) =>
  envelope(await get(t.app, '/api/user/info', { authorization: token, lang: 'en' }));
const EXPIRED = { type: '999', code: 0, message: 'Your session has expired, please log in again' };

describe('customer sessions expire', () => {
  it('ends a session 90 days after login however active it was', async () => {
    const s = await userSession('old@example.com');
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: ago(400 * DAY), last_seen: new Date() })
      .where('id', '=', s.id)
      .execute();
    expect(await info(s.token)).toEqual(EXPIRED);
  });

  it('ends a session unused for 30 days; use within that slides the window', async () => {
    const idle = await userSession('idle@example.com');
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: ago(40 * DAY), last_seen: ago(31 * DAY) })
      .where('id', '=', idle.id)
      .execute();
    expect(await info(idle.token)).toEqual(EXPIRED);

    const busy = await userSession('busy@example.com');
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: ago(40 * DAY), last_seen: ago(29 * DAY) })
      .where('id', '=', busy.id)
      .execute();
    expect((await info(busy.token)).type).toBe('ok');
    const row = await t.app.db
      .selectFrom('sessions')
      .select('last_seen')
      .where('id', '=', busy.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen.getTime()).toBeLessThan(60_000);
  });
});

describe('operator sessions expire sooner', () => {
  async function operatorSession(name: string): Promise<string> {
    await createOperator(t.app.db, name, 'operator-secret-1');
    return loginOperator(t.app, name, 'operator-secret-1');
  }
  const me = async (token: string) => envelope(await get(t.app, '/admin/api/me', { authorization: token, lang: 'en' }));
  /** Ages the newest operator session. */
  const age = (created: Date, lastSeen: Date) =>
    t.app.db
      .updateTable('operator_sessions')
      .set({ created_at: created, last_seen: lastSeen })
      .where('id', '=', (eb) => eb.selectFrom('operator_sessions').select((e) => e.fn.max('id').as('id')))
      .execute();

  it('after 12 idle hours, or 7 days after login; an active session slides past 12 hours', async () => {
    const idle = await operatorSession('op_idle');
    await age(ago(13 * HOUR), ago(13 * HOUR));
    expect(await me(idle)).toEqual(EXPIRED);

    const active = await operatorSession('op_active');
    await age(ago(3 * DAY), ago(HOUR));
    expect((await me(active)).type).toBe('ok');

    const old = await operatorSession('op_old');
    await age(ago(8 * DAY), new Date());
    expect(await me(old)).toEqual(EXPIRED);
  });
});
