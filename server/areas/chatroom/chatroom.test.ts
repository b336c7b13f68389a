/**
 * The chat room through its HTTP API and a real socket: messages stored then delivered live to
 * logged-in sockets, slow mode and flood muting (told how long), links and addresses hidden for
 * unverified senders in what is stored and delivered, reports, and the operator actions (delete,
 * mute, ban) logged and closed to customers.
 */
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminChatMessage, ChatEvent, ChatRoomState } from '../../../core';
import { createTestApp, type TestApp } from '../../testing/app';
import { call, operator, user, type TestUser } from '../../testing/funds-kit';

let t: TestApp;
let url: string;
const clock = { now: Date.UTC(2030, 0, 1) };
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.chatroom.now = () => clock.now;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
  const set = (key: string, value: string) => t.app.db.insertInto('settings').values({ key, value }).execute();
  await set('chat_slow_mode_seconds', '3');
  await set('chat_flood_max', '3');
  await set('chat_flood_window_seconds', '60');
  await set('chat_flood_mute_seconds', '120');
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t?.close();
});

const send = (u: TestUser, text: string) => call(t, 'POST', '/api/chatroom/send', u.token, { text });
const state = async (u: TestUser) => (await call(t, 'GET', '/api/chatroom/state', u.token)).message as ChatRoomState;
const later = (s: number) => (clock.now += s * 1000);

async function listener(token: string): Promise<ChatEvent[]> {
  const c = connect(url, { transports: ['websocket'], reconnection: false });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  const got: ChatEvent[] = [];
  c.on('chat', (e: ChatEvent) => got.push(e));
  expect(await c.timeout(2000).emitWithAck('auth', { token })).toEqual({ ok: true });
  return got;
}

describe('chat room', () => {
  it('a message is stored and delivered live with the sender’s nickname and identity level; guests neither read nor post', async () => {
    const [a, b] = [await user(t, { level: 2 }), await user(t)];
    const heard = await listener(b.token);
    const r = await send(a, '  BTC looks strong  ');
    expect(r).toMatchObject({ type: 'ok', message: { text: 'BTC looks strong', level: 2, masked: false } });
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'message', message: r.message }]), {
      timeout: 10_000,
      interval: 20,
    });
    expect((await state(b)).messages.map((m) => m.text)).toContain('BTC looks strong');
    expect((await call(t, 'GET', '/api/chatroom/state')).type).toBe('999');
    expect((await call(t, 'POST', '/api/chatroom/send', undefined, { text: 'hi' })).type).toBe('999');
    expect((await send(a, '   ')).message).toBe('Please type a message');
    expect((await send(a, 'x'.repeat(501))).message).toBe('A message has at most 500 characters');
  });

  it('slow mode refuses a message too soon after the last; a flood mutes the sender, who is told for how long', async () => {
    const u = await user(t, { level: 1 });
    later(10);
    expect((await send(u, 'one')).type).toBe('ok');
    later(1);
    expect(await send(u, 'too soon')).toMatchObject({ type: 'error', message: 'Slow mode: you can post again in 2 s' });
    later(3);
    expect((await send(u, 'two')).type).toBe('ok');
    later(3);
    expect((await send(u, 'three')).type).toBe('ok');
    later(3);
    expect(await send(u, 'four')).toMatchObject({
      type: 'error',
      message: 'Too many messages: you are muted for 120 s',
    });
    expect((await state(u)).muted).toEqual({ until: clock.now + 120_000, reason: 'flood' });
    later(60);
    expect((await send(u, 'five')).message).toBe('You are muted: you can post again in 60 s');
    later(61);
    expect((await send(u, 'back')).type).toBe('ok');
    const texts = (await state(u)).messages.filter((m) => m.user_id === u.id).map((m) => m.text);
    expect(texts).toEqual(['one', 'two', 'three', 'back']);
  });

  it('links and wallet addresses are hidden in what an unverified sender’s message stores and delivers; a verified sender’s stay', async () => {
    const [unverified, verified, reader] = [await user(t), await user(t, { level: 1 }), await user(t)];
    const heard = await listener(reader.token);
    later(10);
    const r = await send(
      unverified,
      'free USDT at https://claim.example/x send 0x52908400098527886E0F7030069857D2E4169EE7',
    );
    expect(r.message).toMatchObject({ text: 'free USDT at *** send ***', masked: true, level: 0 });
    const stored = await t.app.db
      .selectFrom('chat_messages')
      .select(['text', 'masked'])
      .where('user_id', '=', unverified.id)
      .execute();
    expect(stored).toEqual([{ text: 'free USDT at *** send ***', masked: true }]);
    await vi.waitFor(
      () =>
        expect(heard.map((e) => (e.kind === 'message' ? e.message.text : ''))).toEqual(['free USDT at *** send ***']),
      { timeout: 10_000, interval: 20 },
    );
    expect((await send(verified, 'docs at https://docs.example.com')).message).toMatchObject({
      text: 'docs at https://docs.example.com',
      masked: false,
    });
  });

  it('a report is recorded once; operators delete (live), mute and ban with the action log; a customer cannot', async () => {
    const [spammer, reader] = [await user(t), await user(t)];
    const heard = await listener(reader.token);
    later(10);
    const m = (await send(spammer, 'buy my coin')).message as { id: number };
    expect((await call(t, 'POST', '/api/chatroom/report', reader.token, { id: m.id })).type).toBe('ok');
    expect((await call(t, 'POST', '/api/chatroom/report', reader.token, { id: m.id })).type).toBe('ok');
    expect((await call(t, 'POST', '/api/chatroom/report', reader.token, { id: 999_999 })).message).toBe(
      'This message does not exist',
    );

    const as = async (token: string, path: string, payload: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/api/chatroom/${path}`,
          headers: { authorization: `Bearer ${token}` },
          payload,
        })
      ).json<{ type: string; message: unknown }>();
    expect(await as(reader.token, 'delete', { id: m.id, reason: 'x' })).toMatchObject({ type: '999' });
    expect(await as(reader.token, 'mute', { user_id: spammer.id, minutes: 5, reason: 'x' })).toMatchObject({
      type: '999',
    });
    expect((await state(reader)).messages.some((x) => x.id === m.id)).toBe(true);

    const op = await operator(t);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/chatroom/messages',
        headers: { authorization: `Bearer ${op}` },
      })
    ).json<{ message: { id: number; reports: number }[] }>();
    expect(list.message.find((x) => x.id === m.id)?.reports).toBe(1);
    expect((await as(op, 'delete', { id: m.id, reason: '' })).type).toBe('error'); // a reason is required
    expect(await as(op, 'delete', { id: m.id, reason: 'spam' })).toMatchObject({ type: 'ok' });
    await vi.waitFor(() => expect(heard.at(-1)).toEqual({ kind: 'deleted', id: m.id }), {
      timeout: 10_000,
      interval: 20,
    });
    expect((await state(reader)).messages.some((x) => x.id === m.id)).toBe(false);

    expect(await as(op, 'mute', { user_id: spammer.id, minutes: 5, reason: 'spam wave' })).toMatchObject({
      type: 'ok',
    });
    later(10);
    expect((await send(spammer, 'again')).message).toBe('You are muted: you can post again in 290 s');
    expect(await as(op, 'ban', { user_id: spammer.id, reason: 'scam links' })).toMatchObject({ type: 'ok' });
    later(3600);
    expect((await send(spammer, 'again')).message).toBe('You are banned from the chat room');
    expect((await state(spammer)).muted).toEqual({ until: null, reason: 'ban' });

    const log = await t.app.db
      .selectFrom('operator_actions')
      .select(['action', 'target', 'reason'])
      .where('action', 'like', 'chat_%')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'chat_delete', target: `chat_message:${m.id}`, reason: 'spam' },
      { action: 'chat_mute', target: `user:${spammer.id}`, reason: 'spam wave' },
      { action: 'chat_ban', target: `user:${spammer.id}`, reason: 'scam links' },
    ]);
  });
  it("the operators' queue lists only reported messages still shown, with the sender's running mute; the chat log shows chat actions only", async () => {
    const [loud, quiet, reader] = [await user(t), await user(t), await user(t)];
    later(10);
    const bad = (await send(loud, 'spam spam')).message as { id: number };
    const fine = (await send(quiet, 'hello')).message as { id: number };
    expect((await call(t, 'POST', '/api/chatroom/report', reader.token, { id: bad.id })).type).toBe('ok');
    const op = await operator(t);
    const get = async <T>(url: string, token = op) =>
      (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json<{
        type: string;
        message: T;
      }>();
    const queue = async () => (await get<AdminChatMessage[]>('/admin/api/chatroom/messages?reported=1')).message;
    expect(await get('/admin/api/chatroom/messages?reported=1', reader.token)).toMatchObject({ type: '999' });
    const q1 = await queue();
    expect(q1.map((m) => m.id)).toContain(bad.id);
    expect(q1.map((m) => m.id)).not.toContain(fine.id);
    expect(q1.find((m) => m.id === bad.id)).toMatchObject({ reports: 1, deleted: false, sender_mute: null });

    await t.app.inject({
      method: 'POST',
      url: '/admin/api/chatroom/mute',
      headers: { authorization: `Bearer ${op}` },
      payload: { user_id: loud.id, minutes: 1, reason: 'cool down' },
    });
    expect((await queue()).find((m) => m.id === bad.id)?.sender_mute).toEqual({
      kind: 'operator',
      until: clock.now + 60_000,
    });
    later(61); // the mute ran out: not shown as running
    expect((await queue()).find((m) => m.id === bad.id)?.sender_mute).toBeNull();
    await t.app.inject({
      method: 'POST',
      url: '/admin/api/chatroom/delete',
      headers: { authorization: `Bearer ${op}` },
      payload: { id: bad.id, reason: 'spam' },
    });
    expect((await queue()).map((m) => m.id)).not.toContain(bad.id); // handled: out of the queue

    await t.app.db
      .insertInto('operator_actions')
      .values({
        operator_id: (await t.app.db.selectFrom('operators').select('id').executeTakeFirstOrThrow()).id,
        action: 'setting',
        target: 'x',
        reason: 'other area',
      })
      .execute();
    const log = (await get<{ list: { action: string }[]; total: number }>('/admin/api/log?prefix=chat_&limit=100'))
      .message;
    expect(log.list.length).toBe(log.total);
    expect(new Set(log.list.map((a) => a.action))).toEqual(new Set(['chat_delete', 'chat_mute', 'chat_ban']));
  });
  it('a page that was away catches up by id: exactly the messages after its last one, and the ones removed meanwhile', async () => {
    const [a, b] = [await user(t), await user(t)];
    later(10);
    const op = await operator(t);
    const first = await state(b);
    const held = first.messages.map((m) => m.id);
    const last = held.at(-1) ?? 0;
    const gone = held.at(-1);
    // b is away: a writes twice, an operator removes an old message
    const m1 = (await send(a, 'while you were away 1')).message as { id: number };
    later(5);
    const m2 = (await send(a, 'while you were away 2')).message as { id: number };
    later(1);
    if (gone)
      await t.app.inject({
        method: 'POST',
        url: '/admin/api/chatroom/delete',
        headers: { authorization: `Bearer ${op}` },
        payload: { id: gone, reason: 'cleanup' },
      });
    later(1); // (a removal in the very millisecond of a read is reported again: removing twice is harmless)
    const back = (await call(t, 'GET', `/api/chatroom/state?after=${last}&since=${first.now}`, b.token))
      .message as ChatRoomState;
    expect(back.messages.map((m) => m.id)).toEqual([m1.id, m2.id]);
    expect(back.gap).toBe(false);
    expect(back.deleted).toEqual(gone ? [gone] : []);
    // asked again with what it now holds: nothing new, nothing twice
    const again = (await call(t, 'GET', `/api/chatroom/state?after=${m2.id}&since=${back.now}`, b.token))
      .message as ChatRoomState;
    expect(again.messages).toEqual([]);
    expect(again.deleted).toEqual([]);
    expect((await call(t, 'GET', '/api/chatroom/state?after=abc', b.token)).type).toBe('error');
  });
});
