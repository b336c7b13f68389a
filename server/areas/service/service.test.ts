/**
 * Customer service through the public API and real sockets: messages are stored before they are
 * delivered, a reconnecting client catches up with exactly what it missed, nobody reaches another
 * party's conversation, customers never reach operator endpoints or the operators' live room,
 * attachments go through the upload checks and quota, and context must be the caller's record.
 */
import { TINY_PNG } from '../../testing/images';
import fs from 'node:fs/promises';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  envelope,
  get,
  lastCode,
  loginOperator,
  post,
  registerAndLogin,
  type TestApp,
} from '../../testing/app';
import { createOperator } from '../../auth/operators';
import {
  DEFAULT_SERVICE_HOURS,
  type AdminConversation,
  type AdminConversationRow,
  type AdminServiceSettings,
  type CannedReply,
  type Page,
  type ServiceEvent,
  type ServiceStatus,
  type ServiceThread,
} from '../../../core';

let t: TestApp;
let url: string;
const clients: ClientSocket[] = [];
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ uploadQuota: { filesPerDay: 2, bytesPerDay: 10 * 1024 * 1024 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
  await createOperator(t.app.db, 'agent', 'agent-password-1');
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t?.close();
  if (t) await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PNG = TINY_PNG;

async function user(): Promise<{ token: string; id: number; email: string }> {
  const email = `svc${++n}-${Date.now()}@example.com`;
  const token = await registerAndLogin(t.app, email, 'chat-pass-2024');
  const id = (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  return { token, id, email };
}
const as = (token: string) => ({ authorization: token });
const opHeaders = async () => ({ authorization: await loginOperator(t.app, 'agent', 'agent-password-1') });

async function send(token: string, fields: Record<string, string | number>) {
  return envelope(await post(t.app, '/api/service/send', fields, as(token)));
}
async function thread(headers: Record<string, string>, q = ''): Promise<ServiceThread> {
  const r = envelope(await get(t.app, `/api/service/messages${q}`, headers));
  if (r.type !== 'ok') throw new Error(JSON.stringify(r));
  return r.message as ServiceThread;
}
async function upload(token: string, bytes: Buffer) {
  const boundary = '----svc' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return envelope(
    await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    }),
  );
}

async function socket(opts: { ns?: string; auth?: Record<string, string> } = {}): Promise<ClientSocket> {
  const c = connect(url + (opts.ns ?? ''), { transports: ['websocket'], reconnection: false, auth: opts.auth });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}
/** A customer's socket in their private room, collecting `service` events. */
async function userSocket(token: string): Promise<{ c: ClientSocket; got: ServiceEvent[] }> {
  const c = await socket();
  const got: ServiceEvent[] = [];
  c.on('service', (e: ServiceEvent) => got.push(e));
  expect(await c.timeout(2000).emitWithAck('auth', { token })).toEqual({ ok: true });
  return { c, got };
}
async function operatorSocket(headers: Record<string, string>): Promise<{ c: ClientSocket; got: ServiceEvent[] }> {
  const ticket = (
    envelope(await post(t.app, '/admin/api/service/live-ticket', {}, headers)).message as { ticket: string }
  ).ticket;
  const c = await socket({ ns: '/operators', auth: { ticket } });
  const got: ServiceEvent[] = [];
  c.on('service', (e: ServiceEvent) => got.push(e));
  return { c, got };
}

describe('delivery', () => {
  it('a message is stored before it is delivered; the operator and the customer see it live; receipts move', async () => {
    const u = await user();
    const op = await opHeaders();
    const live = await operatorSocket(op);
    const mine = await userSocket(u.token);
    // every event must name a message that is already in the database when it arrives
    const storedOnArrival: boolean[] = [];
    live.c.on('service', (e: ServiceEvent) => {
      if (e.message)
        void t.app.db
          .selectFrom('service_messages')
          .select('id')
          .where('id', '=', e.message.id)
          .executeTakeFirst()
          .then((r) => storedOnArrival.push(!!r));
    });
    const sent = await send(u.token, { body: 'Hello, my deposit is missing' });
    expect(sent.type).toBe('ok');
    await vi.waitFor(() => expect(live.got.map((e) => e.message?.body)).toContain('Hello, my deposit is missing'), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(() => expect(storedOnArrival).toEqual([true]), { timeout: 10_000, interval: 20 });

    const inbox = envelope(await get(t.app, '/admin/api/service/inbox?box=unassigned', op))
      .message as Page<AdminConversationRow>;
    const row = inbox.list.find((r) => r.user_id === u.id)!;
    expect(row).toMatchObject({ who: u.email, unread: 1, guest: false });
    expect(
      envelope(await post(t.app, '/admin/api/service/reply', { id: row.id, body: 'We are looking into it' }, op)).type,
    ).toBe('ok');
    await vi.waitFor(() => expect(mine.got.some((e) => e.message?.sender === 'staff')).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    const reply = mine.got.find((e) => e.message?.sender === 'staff')!.message!;
    // the customer is answered by "customer service", never told an operator's login name
    expect(reply).toMatchObject({ body: 'We are looking into it', staff_name: '' });

    // an internal note never reaches the customer, live or in the history
    await post(t.app, '/admin/api/service/note', { id: row.id, body: 'VIP, be quick' }, op);
    await sleep(150);
    expect(mine.got.some((e) => e.message?.internal)).toBe(false);
    expect((await thread(as(u.token))).messages.map((m) => m.body)).toEqual([
      'Hello, my deposit is missing',
      'We are looking into it',
    ]);
    // fetching delivered the reply; reading it is a read receipt the operator sees
    const read = envelope(await post(t.app, '/api/service/read', { up_to: reply.id }, as(u.token))).message;
    expect(read).toMatchObject({ user_delivered_id: reply.id, user_read_id: reply.id });
    await vi.waitFor(() => expect(live.got.some((e) => e.receipts?.user_read_id === reply.id)).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    const detail = envelope(await get(t.app, `/admin/api/service/conversation?id=${row.id}`, op))
      .message as AdminConversation;
    expect(detail.messages.map((m) => [m.sender, m.internal])).toEqual([
      ['user', false],
      ['staff', false],
      ['staff', true],
    ]);
    expect(detail.assignee).toBe('agent');
    expect(detail.messages[1].staff_name).toBe('agent');
    const actions = await t.app.db
      .selectFrom('operator_actions')
      .select('action')
      .where('target', '=', `service_conversation:${row.id}`)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['service_note', 'service_reply']);
  });

  it('a reconnecting client asks for the messages after its last id and gets exactly the ones it missed', async () => {
    const u = await user();
    const op = await opHeaders();
    await send(u.token, { body: 'first' });
    const start = await thread(as(u.token));
    const lastSeen = start.messages.at(-1)!.id;
    const cid = start.conversation_id!;
    // the customer is offline while the operator answers twice and the customer writes from another device
    await post(t.app, '/admin/api/service/reply', { id: cid, body: 'missed one' }, op);
    await send(u.token, { body: 'from my laptop' });
    await post(t.app, '/admin/api/service/reply', { id: cid, body: 'missed two' }, op);
    const caught = await thread(as(u.token), `?after=${lastSeen}`);
    expect(caught.messages.map((m) => m.body)).toEqual(['missed one', 'from my laptop', 'missed two']);
    expect(new Set(caught.messages.map((m) => m.id)).size).toBe(3);
    expect(caught.messages.every((m) => m.id > lastSeen)).toBe(true);
    // asking again from the newest id: nothing twice
    expect((await thread(as(u.token), `?after=${caught.messages.at(-1)!.id}`)).messages).toEqual([]);
    // history pages back below the oldest one held
    const older = await thread(as(u.token), `?before=${caught.messages[0].id}&limit=1`);
    expect(older.messages.map((m) => m.body)).toEqual(['first']);
    expect(older.has_more).toBe(false);
    // the unread badge counts the operator's replies until they are read
    expect((envelope(await get(t.app, '/api/service/status', as(u.token))).message as ServiceStatus).unread).toBe(2);
  });

  it('an operator reply to a customer who is away and asked for email is mailed', async () => {
    const u = await user();
    const op = await opHeaders();
    await send(u.token, { body: 'please email me' });
    await post(t.app, '/api/service/email_reply', { on: '1' }, as(u.token));
    const cid = (await thread(as(u.token))).conversation_id!;
    const r = envelope(await post(t.app, '/admin/api/service/reply', { id: cid, body: 'Here is your answer' }, op));
    expect(r.message).toMatchObject({ mailed: true });
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', u.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('Here is your answer');
  });
});

describe('who may touch what', () => {
  it("a user only ever reaches their own thread; customers can't use operator endpoints nor join the operators' room", async () => {
    const a = await user();
    const b = await user();
    await send(a.token, { body: 'secret of a' });
    expect((await thread(as(b.token))).messages).toEqual([]);
    await send(b.token, { body: 'b writes' });
    expect((await thread(as(b.token))).messages.map((m) => m.body)).toEqual(['b writes']);
    expect((await thread(as(a.token))).messages.map((m) => m.body)).toEqual(['secret of a']);
    // no customer route takes a conversation id; the operator routes refuse a customer token
    const aConv = (await thread(as(a.token))).conversation_id!;
    for (const [m, path] of [
      ['GET', `/admin/api/service/conversation?id=${aConv}`],
      ['GET', '/admin/api/service/inbox'],
      ['POST', '/admin/api/service/reply'],
      ['POST', '/admin/api/service/live-ticket'],
    ] as const) {
      const r =
        m === 'GET'
          ? await get(t.app, path, as(b.token))
          : await post(t.app, path, { id: aConv, body: 'x' }, as(b.token));
      expect(envelope(r).type).toBe('999');
    }
    // the operators' live room: no ticket, a customer's token as a ticket, a used ticket
    await expect(socket({ ns: '/operators' })).rejects.toThrow('unauthorized');
    await expect(socket({ ns: '/operators', auth: { ticket: b.token } })).rejects.toThrow('unauthorized');
    const op = await opHeaders();
    const ticket = (envelope(await post(t.app, '/admin/api/service/live-ticket', {}, op)).message as { ticket: string })
      .ticket;
    await socket({ ns: '/operators', auth: { ticket } });
    await expect(socket({ ns: '/operators', auth: { ticket } })).rejects.toThrow('unauthorized');
  });

  it("a guest gets a conversation of its own, never a user's; replies are mailed to it once its email answered the code", async () => {
    const u = await user();
    await send(u.token, { body: 'user private' });
    expect(envelope(await post(t.app, '/api/service/guest', { email: 'not-an-email' })).message).toBe(
      'Enter a valid email so we can answer you',
    );
    const g = envelope(await post(t.app, '/api/service/guest', { email: 'Guest@Example.com' })).message as {
      guest_token: string;
    };
    const gh = { 'x-service-guest': g.guest_token };
    expect((await thread(gh)).messages).toEqual([]);
    expect((await thread(gh)).email_verified).toBe(false);
    expect(envelope(await post(t.app, '/api/service/send', { body: 'I cannot log in' }, gh)).type).toBe('ok');
    expect((await thread(gh)).messages.map((m) => m.body)).toEqual(['I cannot log in']);
    // a made-up guest token reaches nothing; a guest cannot attach records
    expect(envelope(await get(t.app, '/api/service/messages', { 'x-service-guest': 'made-up' })).type).toBe('999');
    expect(
      envelope(await post(t.app, '/api/service/send', { body: 'x', ref_type: 'recharge', ref_id: 1 }, gh)).type,
    ).toBe('999');
    const op = await opHeaders();
    const cid = (await thread(gh)).conversation_id!;
    const mails = () =>
      t.app.db
        .selectFrom('outbox')
        .select(['body', 'code'])
        .where('recipient', '=', 'guest@example.com')
        .orderBy('id')
        .execute();
    // the email has not answered its code yet: the reply waits in the chat, nothing is mailed
    expect(
      envelope(
        await post(t.app, '/admin/api/service/reply', { id: cid, body: 'Which email did you sign up with?' }, op),
      ).message,
    ).toMatchObject({ mailed: false });
    expect((await mails()).map((m) => m.code !== null)).toEqual([true]); // only the code
    expect(
      envelope(
        await post(
          t.app,
          '/api/service/guest/verify',
          { code: '000000' === (await lastCode(t.app, 'guest@example.com')) ? '111111' : '000000' },
          gh,
        ),
      ).message,
    ).toBe('Incorrect verification code');
    expect((await thread(gh)).email_verified).toBe(false);
    expect(
      envelope(await post(t.app, '/api/service/guest/verify', { code: await lastCode(t.app, 'guest@example.com') }, gh))
        .type,
    ).toBe('ok');
    expect((await thread(gh)).email_verified).toBe(true);
    expect(
      envelope(await post(t.app, '/admin/api/service/reply', { id: cid, body: 'Try resetting the password' }, op))
        .message,
    ).toMatchObject({ mailed: true });
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all[1].body).toContain('Try resetting the password');
    // a user is not a guest: the guest endpoints refuse it
    expect(envelope(await post(t.app, '/api/service/guest/verify', { code: '123456' }, as(u.token))).type).toBe(
      'error',
    );
  });

  it('a guest sends images through the upload checks, within a per-IP daily quota; only its own conversation may attach them', async () => {
    const g1 = (
      envelope(await post(t.app, '/api/service/guest', { email: 'pic1@example.com' })).message as {
        guest_token: string;
      }
    ).guest_token;
    const g2 = (
      envelope(await post(t.app, '/api/service/guest', { email: 'pic2@example.com' })).message as {
        guest_token: string;
      }
    ).guest_token;
    const up = async (token: string, bytes: Buffer) => {
      const boundary = '----g' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return envelope(
        await t.app.inject({
          method: 'POST',
          url: '/api/service/guest/upload',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-service-guest': token },
        }),
      );
    };
    expect((await up(g1, Buffer.from('%PDF-1.4 not an image'))).message).toBe(
      'Only PNG, JPEG, WebP or GIF images are accepted',
    );
    expect((await up('made-up', PNG)).type).toBe('999');
    const ref = (await up(g1, PNG)).message as string;
    expect(ref).toMatch(/^upload\//);
    // another guest cannot post it; a user cannot either
    expect((await post(t.app, '/api/service/send', { attachment: ref }, { 'x-service-guest': g2 })).json().type).toBe(
      'error',
    );
    const u = await user();
    expect((await send(u.token, { body: '', attachment: ref })).type).toBe('error');
    expect(
      envelope(await post(t.app, '/api/service/send', { body: '', attachment: ref }, { 'x-service-guest': g1 })).type,
    ).toBe('ok');
    const shown = (await thread({ 'x-service-guest': g1 })).messages.at(-1)!;
    expect(shown.image_url).toMatch(/^\/api\/file\/[0-9a-f]{32}\.png\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: shown.image_url })).statusCode).toBe(200);
    // the quota (2 files a day in this test app) counts per IP, whichever guest token sends
    expect((await up(g2, PNG)).type).toBe('ok');
    expect((await up(g2, PNG)).message).toMatch(/limit/i);
    expect(await t.app.db.selectFrom('service_guest_uploads').select('name').execute()).toHaveLength(2);
  });

  it("attachments are the caller's own images, through the upload checks and quota", async () => {
    const a = await user();
    const b = await user();
    expect((await upload(a.token, Buffer.from('%PDF-1.4 not an image'))).message).toBe(
      'Only PNG, JPEG, WebP or GIF images are accepted',
    );
    const ref = (await upload(a.token, PNG)).message as string;
    expect(ref).toMatch(/^upload\//);
    // b cannot post a's file
    expect((await send(b.token, { body: '', attachment: ref })).type).toBe('error');
    const ok = await send(a.token, { body: '', attachment: ref });
    expect(ok.type).toBe('ok');
    const shown = (await thread(as(a.token))).messages.at(-1)!;
    expect(shown.image_url).toMatch(/^\/api\/file\/[0-9a-f]{32}\.png\?exp=\d+&sig=/);
    // the per-user daily quota (2 files in this test app) applies to chat images too
    expect((await upload(a.token, PNG)).type).toBe('ok');
    const third = await upload(a.token, PNG);
    expect(third.type).toBe('error');
    expect(
      await t.app.db
        .selectFrom('service_messages as m')
        .innerJoin('service_conversations as c', 'c.id', 'm.conversation_id')
        .select('m.id')
        .where('c.user_id', 'in', [a.id, b.id])
        .where('m.attachment', 'is not', null)
        .execute(),
    ).toHaveLength(1);
  });

  it("context must be the caller's own record; the operator sees it described", async () => {
    const a = await user();
    const b = await user();
    const cur = await t.app.db
      .selectFrom('currencies')
      .select(['id', 'name'])
      .where('name', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const rec = await t.app.db
      .insertInto('recharges')
      .values({ user_id: a.id, currency_id: cur.id, amount: '150', voucher: `upload/${'ab'.repeat(16)}.png` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await send(b.token, { body: 'about this', ref_type: 'recharge', ref_id: rec.id });
    expect(refused.message).toBe('That record cannot be attached');
    expect((await thread(as(b.token))).messages).toEqual([]);
    expect((await send(a.token, { body: 'about this', ref_type: 'recharge', ref_id: rec.id })).type).toBe('ok');
    const msgs = (await thread(as(a.token))).messages;
    expect(msgs.map((m) => [m.sender, m.ref?.type ?? null])).toEqual([
      ['system', 'recharge'],
      ['user', null],
    ]);
    const op = await opHeaders();
    const detail = envelope(await get(t.app, `/admin/api/service/conversation?id=${msgs[0].conversation_id}`, op))
      .message as AdminConversation;
    expect(detail.context).toMatchObject({ type: 'recharge', id: rec.id, summary: 'recharge 150 USDT' });
    expect(detail.recent.map((r) => r.id)).toContain(rec.id);
  });
});

describe('back-office forms', () => {
  it('canned replies are written per language and logged; the settings read back as stored; customers reach none of it', async () => {
    const op = await opHeaders();
    const u = await user();
    expect(
      envelope(
        await post(
          t.app,
          '/admin/api/service/canned',
          { lang: 'fra', title: 'Dépôt', body: 'Nous vérifions.' },
          as(u.token),
        ),
      ).type,
    ).toBe('999');
    const made = envelope(
      await post(t.app, '/admin/api/service/canned', { lang: 'fra', title: 'Dépôt', body: 'Nous vérifions.' }, op),
    );
    const cid = (made.message as { id: number }).id;
    const fra = async () =>
      envelope(await get(t.app, '/admin/api/service/canned?lang=fra', op)).message as CannedReply[];
    expect((await fra()).filter((r) => r.id === cid).map((r) => r.body)).toEqual(['Nous vérifions.']);
    expect(
      envelope(
        await post(
          t.app,
          '/admin/api/service/canned',
          { id: cid, lang: 'fra', title: 'Dépôt', body: 'Nous vérifions votre dépôt.' },
          op,
        ),
      ).type,
    ).toBe('ok');
    expect((await fra()).find((r) => r.id === cid)?.body).toBe('Nous vérifions votre dépôt.');
    // no empty title, no unknown language; nothing changed
    expect(
      envelope(await post(t.app, '/admin/api/service/canned', { lang: 'xx', title: 'a', body: 'b' }, op)).type,
    ).toBe('error');
    expect(
      envelope(await post(t.app, '/admin/api/service/canned', { id: cid, lang: 'fra', title: ' ', body: 'b' }, op))
        .type,
    ).toBe('error');
    expect((await fra()).find((r) => r.id === cid)?.body).toBe('Nous vérifions votre dépôt.');
    expect(envelope(await post(t.app, '/admin/api/service/canned/delete', { id: cid }, op)).type).toBe('ok');
    expect((await fra()).some((r) => r.id === cid)).toBe(false);
    const log = await t.app.db
      .selectFrom('operator_actions')
      .select(['action', 'target'])
      .where('action', 'like', 'service\\_canned%')
      .orderBy('id')
      .execute();
    expect(log.map((a) => a.action)).toEqual(['service_canned_save', 'service_canned_save', 'service_canned_delete']);

    const before = envelope(await get(t.app, '/admin/api/service/settings', op)).message as AdminServiceSettings;
    expect(before.service_hours).toBe(DEFAULT_SERVICE_HOURS);
    expect(
      envelope(
        await post(t.app, '/admin/api/service/settings', { key: 'service_hours', value: 'whenever', reason: 'x' }, op),
      ).type,
    ).toBe('error');
    expect(
      envelope(
        await post(
          t.app,
          '/admin/api/service/settings',
          { key: 'service_hours', value: '1-5 09:00-18:00', reason: 'new team' },
          op,
        ),
      ).type,
    ).toBe('ok');
    expect(
      (envelope(await get(t.app, '/admin/api/service/settings', op)).message as AdminServiceSettings).service_hours,
    ).toBe('1-5 09:00-18:00');
    expect((envelope(await get(t.app, '/api/service/status')).message as ServiceStatus).hours).toBe('1-5 09:00-18:00');
    expect(envelope(await get(t.app, '/admin/api/service/settings', as(u.token))).type).toBe('999');
  });
});
