/**
 * NFT media uploads: a creator and an operator upload a work's sound or video through
 * the storage interface; the bytes decide what it is (a text file renamed song.mp3 is refused,
 * nothing stored), the size is capped, the file is served with its own content type, and a work
 * made from it shows it — while nothing else in the uploads folder can be reached through it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { envelope } from '../../testing/app';
import { multipart, operator, upload, user } from '../../testing/funds-kit';
import { T0, USDT, nft, nftKit, type NftKit } from '../../testing/nft-kit';
import { sniffMedia } from '../../storage/media';
import sharp from 'sharp';
import { demoVideo, wavOf } from './domain/media';
import { jpegWithGps } from '../../testing/images';
import type { NftDetail, NftMine } from '../../../core';

let k: NftKit;
let op: string;
beforeAll(async () => {
  k = await nftKit();
  op = await operator(k.t);
});
afterAll(async () => {
  await k?.close();
  if (k) await fs.rm(k.t.config.dataDir, { recursive: true, force: true });
});

const WEBM = demoVideo();
const WAV = wavOf('UPLOAD-1', 1);
const MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(64)]);
const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A ', 'latin1'), Buffer.alloc(64)]);
const TEXT = Buffer.from('just some notes, renamed to look like a song\n'.repeat(20));
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'.repeat(10));

const send = async (url: string, token: string, content: Buffer, filename: string, type: string) => {
  const body = multipart(content, 'file', filename, type);
  return envelope(
    await k.t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    }),
  );
};
const creatorUpload = (content: Buffer, filename: string, type: string, token = k.creator.token) =>
  send('/api/bind_box/uploadMedia', token, content, filename, type);
const stored = async () =>
  (await fs.readdir(path.join(k.t.config.dataDir, 'uploads')).catch(() => [] as string[])).length;
const mediaRows = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM nft_media`.execute(k.t.app.db)).rows[0].n);
const fetchMedia = (url: string) => k.t.app.inject({ method: 'GET', url });

describe('magic bytes', () => {
  it('names sound and video by their bytes; text, PDF, pictures and a JPEG are not sound', () => {
    expect([WEBM, WAV, MP3, MP4, M4A].map(sniffMedia)).toEqual(['webm', 'wav', 'mp3', 'mp4', 'm4a']);
    expect(sniffMedia(Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(40)]))).toBe('ogg');
    expect(sniffMedia(Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.alloc(40)]))).toBe('flac');
    expect(sniffMedia(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0]))).toBe('mp3'); // MPEG-1 layer III frame
    for (const other of [
      TEXT,
      PDF,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]),
      Buffer.alloc(0),
    ])
      expect(sniffMedia(other)).toBeNull();
  });
});

describe('a creator uploads', () => {
  it('a video and a sound: stored under a random name, served with their own content type and the same bytes', async () => {
    const v = await creatorUpload(WEBM, 'clip.mp4', 'video/mp4');
    expect(v).toMatchObject({ type: 'ok', message: { type: 4 } });
    const vUrl = (v.message as { media: string }).media;
    expect(vUrl).toMatch(/^\/api\/bind_box\/media\/[0-9a-f]{32}\.webm$/);
    const got = await fetchMedia(vUrl);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('video/webm');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(WEBM)).toBe(true);

    const a = await creatorUpload(WAV, 'song', 'application/octet-stream');
    expect(a).toMatchObject({ type: 'ok', message: { type: 3 } });
    expect((await fetchMedia((a.message as { media: string }).media)).headers['content-type']).toBe('audio/wav');
  });

  it('refuses a renamed text file or PDF whatever its name and declared type, and stores nothing', async () => {
    const [files, rows] = [await stored(), await mediaRows()];
    const refusal = {
      type: 'error',
      message:
        'Only pictures (PNG, JPEG, WebP, GIF), sound (MP3, WAV, OGG, FLAC, M4A) or video (MP4, WebM) are accepted',
    };
    expect(await creatorUpload(TEXT, 'song.mp3', 'audio/mpeg')).toMatchObject(refusal);
    expect(await creatorUpload(PDF, 'movie.mp4', 'video/mp4')).toMatchObject(refusal);
    expect(await creatorUpload(TEXT, 'clip.webm', 'video/webm')).toMatchObject(refusal);
    expect([await stored(), await mediaRows()]).toEqual([files, rows]);
  });

  it('a picture is stored re-encoded without its EXIF; a GIF/HTML polyglot is refused', async () => {
    const p = await creatorUpload(await jpegWithGps(), 'photo.jpg', 'image/jpeg');
    expect(p).toMatchObject({ type: 'ok', message: { type: 1 } });
    const got = await fetchMedia((p.message as { media: string }).media);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    expect(got.rawPayload.includes('owner-secret-name')).toBe(false);
    const [files, rows] = [await stored(), await mediaRows()];
    const polyglot = Buffer.from('GIF89a<html><script>alert(document.cookie)</script></html>', 'latin1');
    expect(await creatorUpload(polyglot, 'fun.gif', 'image/gif')).toMatchObject({
      type: 'error',
      message: 'This file could not be read as a picture; please choose a valid PNG, JPEG, WebP or GIF image',
    });
    expect([await stored(), await mediaRows()]).toEqual([files, rows]);
  });

  it('refuses a file over 20 MB, and a user who is not a creator, storing nothing', async () => {
    const [files, rows] = [await stored(), await mediaRows()];
    const big = Buffer.concat([WEBM, Buffer.alloc(20 * 1024 * 1024)]);
    expect(await creatorUpload(big, 'long.webm', 'video/webm')).toMatchObject({
      type: 'error',
      message: 'The file is too large (max 20 MB)',
    });
    const fan = await user(k.t);
    expect(await creatorUpload(WAV, 'a.wav', 'audio/wav', fan.token)).toMatchObject({
      type: 'error',
      message: 'Only a registered creator can publish works',
    });
    expect([await stored(), await mediaRows()]).toEqual([files, rows]);
  });

  it('publishes a work from their own upload: in their collection, not for sale, showing the video; then lists it for review', async () => {
    k.t.app.nft.now = () => T0;
    const v = (await creatorUpload(WEBM, 'clip.webm', 'video/webm')).message as { media: string };
    const made = await nft(k, 'createWork', k.creator, {
      collection_id: k.collectionId,
      title: 'Night drive',
      media: v.media,
      currency_id: USDT,
      price: '25',
    });
    expect(made).toMatchObject({ type: 'ok' });
    const code = (made.message as { code: string }).code;
    const detail = (await nft(k, 'getBoxDetail', k.creator, { code }, 'GET')).message as NftDetail;
    expect(detail).toMatchObject({ type: 4, media: v.media, name: 'Night drive' });
    const mine = (await nft(k, 'getMyNFTs', k.creator, {}, 'GET')).message as NftMine;
    expect(mine.items.map((i) => i.code)).toContain(code);
    expect(await nft(k, 'resellNFT', k.creator, { code, price: '25' })).toMatchObject({
      type: 'ok',
      message: { status: 'pending' },
    });
  });

  it("refuses a work from someone else's file, an unknown file or another artist's collection", async () => {
    const other = (await send('/admin/api/nft/media', op, WAV, 'x.wav', 'audio/wav')).message as { media: string };
    const w = { collection_id: k.collectionId, title: 'Borrowed', currency_id: USDT, price: '5' };
    const unknown = { type: 'error', message: 'That media file was not found: upload it again' };
    expect(await nft(k, 'createWork', k.creator, { ...w, media: other.media })).toMatchObject(unknown);
    expect(
      await nft(k, 'createWork', k.creator, {
        ...w,
        media: '/api/bind_box/media/00000000000000000000000000000000.webm',
      }),
    ).toMatchObject(unknown);
    const mine = (await creatorUpload(WAV, 'a.wav', 'audio/wav')).message as { media: string };
    expect((await nft(k, 'createWork', k.creator, { ...w, media: mine.media, collection_id: 999_999 })).type).toBe(
      'error',
    );
  });
});

describe('the back office uploads', () => {
  it('a sound for a new item (logged): the item plays it; a renamed text file is refused', async () => {
    const a = await send('/admin/api/nft/media', op, WAV, 'theme.wav', 'audio/wav');
    expect(a).toMatchObject({ type: 'ok', message: { type: 3 } });
    const media = (a.message as { media: string }).media;
    const log = await sql<{
      action: string;
      reason: string;
    }>`SELECT action, reason FROM operator_actions WHERE action = 'nft_media_upload' ORDER BY id DESC LIMIT 1`.execute(
      k.t.app.db,
    );
    expect(log.rows[0]).toEqual({ action: 'nft_media_upload', reason: 'audio/wav' });
    const item = {
      code: 'UP-1',
      collection_id: String(k.collectionId),
      title: 'Theme',
      currency_id: String(USDT),
      price: '10',
      pay_type: '1',
      start_time: String(T0 - 60_000),
      end_time: String(T0 + 3_600_000),
    };
    const created = envelope(
      await k.t.app.inject({
        method: 'POST',
        url: '/admin/api/nft/items',
        payload: { ...item, media },
        headers: { authorization: op },
      }),
    );
    expect(created.type).toBe('ok');
    expect((await nft(k, 'getBoxDetail', undefined, { code: 'UP-1' }, 'GET')).message as NftDetail).toMatchObject({
      type: 3,
      media,
    });
    const bogus = envelope(
      await k.t.app.inject({
        method: 'POST',
        url: '/admin/api/nft/items',
        payload: { ...item, code: 'UP-2', media: '/api/bind_box/art/x.svg' },
        headers: { authorization: op },
      }),
    );
    expect(bogus).toMatchObject({ type: 'error', message: 'That media file was not found: upload it again' });
    expect(await send('/admin/api/nft/media', op, TEXT, 'theme.wav', 'audio/wav')).toMatchObject({ type: 'error' });
  });

  it('serves only NFT media: an ordinary upload (a picture for an ID, a voucher) is not reachable through it', async () => {
    const ref = await upload(k.t, k.creator.token);
    expect((await fetchMedia(`/api/bind_box/media/${path.basename(ref)}`)).statusCode).toBe(404);
    expect((await fetchMedia('/api/bind_box/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});
