import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack } from '../market';
import { createTestApp, envelope, get, lastCode, post, registerAndLogin, type TestApp } from '../testing/app';
import { AUTH_LIMIT } from '../market/socket-auth';

// A real server on an ephemeral port and real socket.io clients, as the app's market worker uses.
let t: TestApp;
let url: string;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `cond` holds (polling; 5 s at most): what must arrive is waited for, however loaded the machine. */
async function until(cond: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !cond() && Date.now() < end;) await sleep(20);
}

async function client(): Promise<ClientSocket> {
  const c = connect(url, { transports: ['websocket'], reconnection: false });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}

const auth = (c: ClientSocket, token: string) => c.timeout(2000).emitWithAck('auth', { token }) as Promise<Ack>;

async function userId(email: string): Promise<number> {
  return (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** An authenticated socket, the private `notice` events it receives, and why it was disconnected. */
async function privateSocket(token: string): Promise<{ c: ClientSocket; got: unknown[]; dropped: string[] }> {
  const c = await client();
  const got: unknown[] = [];
  const dropped: string[] = [];
  c.on('notice', (n: unknown) => got.push(n));
  c.on('disconnect', (reason) => dropped.push(reason));
  expect(await auth(c, token)).toEqual({ ok: true });
  return { c, got, dropped };
}

const SERVER_DISCONNECT = 'io server disconnect';

/**
 * Emits a private event to the user and says whether the socket received it: an arrival is waited
 * for (up to 5 s); an absence can only be watched for a while (150 ms), which never fails a
 * right server, only lets a slow wrong one pass.
 */
async function receives(s: { got: unknown[] }, uid: number, expected: boolean): Promise<boolean> {
  const before = s.got.length;
  t.app.market.emitToUser(uid, 'notice', { probe: before });
  if (expected) await until(() => s.got.length > before);
  else await sleep(150);
  return s.got.length > before;
}

/** The socket was dropped by the server (waited for, up to 5 s). */
async function whyDropped(s: { dropped: string[] }): Promise<string[]> {
  await until(() => s.dropped.length > 0);
  return s.dropped;
}

describe('revoked sessions reach live sockets', () => {
  it('logout disconnects the session’s socket; a new connection does not get its private events back with the old token', async () => {
    const token = await registerAndLogin(t.app, 'sock1@example.com');
    const uid = await userId('sock1@example.com');
    const s = await privateSocket(token);
    expect(await receives(s, uid, true)).toBe(true);

    expect(envelope(await get(t.app, '/api/user/logout', { authorization: token })).type).toBe('ok');
    expect(await whyDropped(s)).toEqual([SERVER_DISCONNECT]);
    expect(await receives(s, uid, false)).toBe(false);
    // What the worker does next (it dials again): the public feed, but the token is dead.
    const again = await client();
    expect(await auth(again, token)).toEqual({ ok: false, error: 'session_invalid' });
    expect(again.connected).toBe(true);
  });

  it('a password reset and a payment-password change reach the other devices only', async () => {
    const email = 'sock2@example.com';
    const phone = await registerAndLogin(t.app, email);
    const laptop = envelope(await post(t.app, '/api/user/login', { user_string: email, password: 'secret123' }))
      .message as string;
    const uid = await userId(email);
    const onPhone = await privateSocket(phone);
    const onLaptop = await privateSocket(laptop);

    // Setting the payment password on the phone signs the laptop out; the phone keeps its events.
    const set = envelope(
      await post(
        t.app,
        '/api/safe/update_password',
        { password: 'paypass123', re_password: 'paypass123', oldPasswd: 'secret123' },
        { authorization: phone },
      ),
    );
    expect(set.type).toBe('ok');
    expect(await whyDropped(onLaptop)).toEqual([SERVER_DISCONNECT]);
    expect(await receives(onLaptop, uid, false)).toBe(false);
    expect(await receives(onPhone, uid, true)).toBe(true);
    expect(onPhone.c.connected).toBe(true);

    // A password reset (forgot password) signs out every device.
    await post(t.app, '/api/sms_mail', { user_string: email, scene: 'forget' });
    const code = await lastCode(t.app, email);
    const reset = envelope(
      await post(t.app, '/api/user/forget', { account: email, password: 'newsecret1', repassword: 'newsecret1', code }),
    );
    expect(reset.type).toBe('ok');
    expect(await whyDropped(onPhone)).toEqual([SERVER_DISCONNECT]);
    expect(await receives(onPhone, uid, false)).toBe(false);
  });

  it('the sweep drops sockets whose session expired', async () => {
    const token = await registerAndLogin(t.app, 'sock3@example.com');
    const uid = await userId('sock3@example.com');
    const s = await privateSocket(token);
    await t.app.db
      .updateTable('sessions')
      .set({ last_seen: new Date(Date.now() - 31 * 86_400_000) })
      .where('user_id', '=', uid)
      .execute();
    expect(await t.app.sessionSockets.sweep()).toBe(1);
    expect(await whyDropped(s)).toEqual([SERVER_DISCONNECT]);
    expect(await receives(s, uid, false)).toBe(false);
  });

  it('limits auth events per socket, then disconnects it', async () => {
    const c = await client();
    const answers: Ack[] = [];
    for (let i = 0; i < AUTH_LIMIT.max + 2; i++) answers.push(await auth(c, 'x'.repeat(43)));
    expect(answers.slice(0, AUTH_LIMIT.max).every((a) => a.error === 'session_invalid')).toBe(true);
    expect(answers.slice(AUTH_LIMIT.max)).toEqual([
      { ok: false, error: 'too_many_requests' },
      { ok: false, error: 'too_many_requests' },
    ]);
    const gone = new Promise<string>((resolve) => c.once('disconnect', (reason) => resolve(reason)));
    for (let i = 0; i < AUTH_LIMIT.max; i++) c.emit('auth', { token: 'y'.repeat(43) });
    expect(await gone).toBe('io server disconnect');
  });
});
