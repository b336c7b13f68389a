import { noisyPng } from '../../testing/images';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, registerAndLogin, type TestApp } from '../../testing/app';

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp({ uploadQuota: { filesPerDay: 3, bytesPerDay: 2 * 1024 * 1024 } });
  alice = await registerAndLogin(t.app, 'quota.alice@example.com');
  bob = await registerAndLogin(t.app, 'quota.bob@example.com');
});
afterAll(async () => {
  await t?.close();
  if (t) await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

// random pixels: the stored (re-encoded) file is about as large as the one sent
const png = (bytes: number) => noisyPng(bytes);

async function upload(token: string, content: Buffer, lang = 'en') {
  const boundary = '----quota' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return envelope(
    await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token, lang },
    }),
  );
}

const stored = async () => (await fs.readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [])).length;

describe('per-user upload quota (none existed)', () => {
  it('refuses a day’s bytes over the quota with a clear message, and stores nothing', async () => {
    expect((await upload(alice, await png(1024 * 1024))).type).toBe('ok');
    const before = await stored();
    const r = await upload(alice, await png(1024 * 1024 + 10), 'en');
    expect(r).toEqual({
      type: 'error',
      code: 0,
      message: 'Daily upload volume limit reached (2 MB), please try again tomorrow',
    });
    expect(await stored()).toBe(before);
  });

  it('refuses the file after the day’s count, in the user’s language', async () => {
    expect((await upload(alice, await png(100))).type).toBe('ok');
    expect((await upload(alice, await png(100))).type).toBe('ok');
    const before = await stored();
    const r = await upload(alice, await png(100), 'zh');
    expect(r).toEqual({ type: 'error', code: 0, message: '今日上传次数已达上限（3 个文件），请明天再试' });
    expect(await stored()).toBe(before);
  });

  it('is per user: another user still uploads', async () => {
    expect((await upload(bob, await png(100))).type).toBe('ok');
  });

  it('counts only the last 24 hours', async () => {
    await t.app.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .execute();
    expect((await upload(alice, await png(100))).type).toBe('ok');
  });
});
