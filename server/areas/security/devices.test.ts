import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../../core';
import { createTestApp, envelope, get, post, registerAndLogin, type TestApp } from '../../testing/app';
import { describeAgent, maskAddress } from './domain/devices';

// A real server (sockets) with a cap of 3 sessions per user.
let t: TestApp;
let url: string;
const clients: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({ sessionsPerUser: 3 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t?.close();
});

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';

async function login(email: string, ua = LAPTOP): Promise<string> {
  const r = envelope(
    await post(t.app, '/api/user/login', { user_string: email, password: 'secret123' }, { 'user-agent': ua }),
  );
  if (r.type !== 'ok') throw new Error(JSON.stringify(r));
  return r.message as string;
}
const devices = async (token: string) => envelope(await get(t.app, '/api/user/sessions', { authorization: token }));
const list = async (token: string) => (await devices(token)).message as DeviceSession[];
const end = async (token: string, id: number, lang = 'en') =>
  envelope(await post(t.app, '/api/user/sessions/end', { id }, { authorization: token, lang }));
const live = async (token: string) =>
  (await get(t.app, '/api/user/inloging', { authorization: token })).json() as { type: string };

/** An authenticated socket and why it was dropped. */
async function socketOf(token: string): Promise<{ c: ClientSocket; dropped: string[] }> {
  const c = connect(url, { transports: ['websocket'], reconnection: false });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  const dropped: string[] = [];
  c.on('disconnect', (reason) => dropped.push(reason));
  expect(await c.timeout(5000).emitWithAck('auth', { token })).toEqual({ ok: true });
  return { c, dropped };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 5000): Promise<void> {
  for (const stop = Date.now() + ms; !cond() && Date.now() < stop;) await sleep(20);
}

describe('Devices: the sessions a user can see and end', () => {
  it('lists each open session with its device, masked place, times and the current mark', async () => {
    const first = await registerAndLogin(t.app, 'dev1@example.com');
    const phone = await login('dev1@example.com', PHONE);
    const seen = await list(phone);
    expect(seen).toHaveLength(2);
    const mine = seen.find((d) => d.current)!;
    expect(mine.device).toBe('Chrome 120 · Google Pixel 8');
    expect(mine.form).toBe('mobile');
    expect(mine.place).toBe('127.0.0.x');
    expect(mine.login_at).toBeGreaterThan(0);
    expect(mine.last_active_at).toBeGreaterThanOrEqual(mine.login_at);
    expect(seen.filter((d) => d.current)).toHaveLength(1);
    expect((await list(first)).find((d) => d.current)?.id).not.toBe(mine.id);
  });

  it('a login past the cap ends the oldest session and closes its socket', async () => {
    const oldest = await registerAndLogin(t.app, 'dev2@example.com');
    const s = await socketOf(oldest);
    await login('dev2@example.com');
    await login('dev2@example.com');
    expect(await list(oldest)).toHaveLength(3);
    const newest = await login('dev2@example.com');
    expect(await list(newest)).toHaveLength(3);
    expect((await live(oldest)).type).toBe('999');
    await until(() => s.dropped.length > 0);
    expect(s.dropped).toEqual(['io server disconnect']);
  });

  it('ending another device signs it out and closes its socket at once', async () => {
    const phone = await registerAndLogin(t.app, 'dev3@example.com');
    const laptop = await login('dev3@example.com');
    const onLaptop = await socketOf(laptop);
    const onPhone = await socketOf(phone);
    const other = (await list(phone)).find((d) => !d.current)!;
    expect(await end(phone, other.id)).toMatchObject({ type: 'ok', message: 'That device has been signed out' });
    await until(() => onLaptop.dropped.length > 0);
    expect(onLaptop.dropped).toEqual(['io server disconnect']);
    expect((await live(laptop)).type).toBe('999');
    expect(onPhone.c.connected).toBe(true);
    expect(await list(phone)).toHaveLength(1);
  });

  it('another user’s session is refused and nothing changes; the current one needs Log out', async () => {
    const alice = await registerAndLogin(t.app, 'dev4a@example.com');
    const bob = await registerAndLogin(t.app, 'dev4b@example.com');
    const bobSocket = await socketOf(bob);
    const bobSession = (await list(bob))[0];
    expect(await end(alice, bobSession.id)).toEqual({
      type: 'error',
      code: 0,
      message: 'This device is already signed out or does not exist',
    });
    expect((await end(alice, bobSession.id, 'zh')).message).toBe('该设备已退出登录或不存在');
    expect((await live(bob)).type).toBe('ok');
    await sleep(150);
    expect(bobSocket.c.connected).toBe(true);
    const aliceSession = (await list(alice))[0];
    expect((await end(alice, aliceSession.id)).message).toBe('This is the device you are using; use Log out instead');
    expect((await live(alice)).type).toBe('ok');
    expect((await end(alice, 0)).type).toBe('error');
    expect((await devices('nope')).type).toBe('999');
  });
});

describe('device descriptions', () => {
  it('reads browser, system and form from the User-Agent', () => {
    expect(describeAgent(LAPTOP)).toEqual({ device: 'Safari 17 · Mac OS 10.15.7', form: 'desktop' });
    expect(describeAgent(null)).toEqual({ device: '', form: 'desktop' });
    expect(
      describeAgent(
        'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ).form,
    ).toBe('tablet');
  });
  it('masks the address to its network', () => {
    expect(maskAddress('203.0.113.7')).toBe('203.0.113.x');
    expect(maskAddress('::ffff:198.51.100.20')).toBe('198.51.100.x');
    expect(maskAddress('2001:db8:1:2::5')).toBe('2001:db8:1:x');
    expect(maskAddress(null)).toBe('');
  });
});
