/**
 * Who may see an uploaded file. /upload records the uploader; when a file is used (avatar, ID
 * photo, voucher, wallet QR) it is claimed for that purpose by its owner only, and its purpose
 * never changes afterwards — so an ID photo can never be turned into a public avatar.
 * Avatars are public. Everything else is shown to its owner and to operators: through the
 * Authorization header, or through a short-lived signed URL handed out only to them (an <img>
 * cannot send headers). The signing key lives in the internal setting `_file_url_secret`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UploadPurpose } from '../../db/tables';
import { AppError } from '../../errors';
import { FILE_ROUTE } from '../../../core';
import type { Db } from '../../db/schema';

const UPLOAD_PREFIX = 'upload/';
const NAME_RE = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
const SECRET_KEY = '_file_url_secret';
/** ID photos get shorter-lived links than vouchers and QR images. */
const TTL_MS: Record<UploadPurpose, number> = {
  general: 3_600_000,
  avatar: 0,
  id_photo: 600_000,
  voucher: 3_600_000,
  wallet_qr: 3_600_000,
};

export function nameOfRef(ref: string): string | undefined {
  const name = ref.startsWith(UPLOAD_PREFIX) ? ref.slice(UPLOAD_PREFIX.length) : ref;
  return NAME_RE.test(name) ? name : undefined;
}

/** Records the uploader and the sha256 of the bytes (re-uploaded copies of a voucher are found by it). */
export async function recordUpload(db: Db, ref: string, userId: number, sha256: string | null = null): Promise<void> {
  const name = nameOfRef(ref);
  if (!name) throw new AppError('file_ref_invalid');
  await db.insertInto('uploads').values({ name, user_id: userId, sha256 }).execute();
}

/**
 * Claims the owner's uploaded file for a purpose (idempotent for the same purpose) and returns
 * the canonical reference. Another user's file, an unknown file or a file already used for
 * something else → file_ref_invalid.
 */
export async function claimUpload(
  db: Db,
  userId: number,
  ref: string,
  purpose: Exclude<UploadPurpose, 'general'>,
): Promise<string> {
  const name = nameOfRef(ref.trim());
  if (!name) throw new AppError('file_ref_invalid');
  const res = await db
    .updateTable('uploads')
    .set({ purpose })
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('purpose', '=', 'general'), eb('purpose', '=', purpose)]))
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new AppError('file_ref_invalid');
  return UPLOAD_PREFIX + name;
}

const secrets = new WeakMap<object, Promise<Buffer>>();

async function loadSecret(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('settings')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

function secretOf(db: Kysely<Database>): Promise<Buffer> {
  let s = secrets.get(db);
  if (!s) {
    s = loadSecret(db);
    secrets.set(db, s);
  }
  return s;
}

function sign(secret: Buffer, name: string, exp: number): string {
  return createHmac('sha256', secret).update(`${name}:${exp}`).digest('base64url');
}

/** The URL to show a file: public for avatars, signed and expiring for the rest. '' for ''. */
export async function fileUrl(
  db: Kysely<Database>,
  ref: string,
  purpose: UploadPurpose,
  now = Date.now(),
): Promise<string> {
  const name = ref ? nameOfRef(ref) : undefined;
  if (!name) return '';
  if (purpose === 'avatar') return FILE_ROUTE + name;
  const exp = now + TTL_MS[purpose];
  return `${FILE_ROUTE}${name}?exp=${exp}&sig=${sign(await secretOf(db), name, exp)}`;
}

export async function signatureValid(
  db: Kysely<Database>,
  name: string,
  exp: number,
  sig: string,
  now = Date.now(),
): Promise<boolean> {
  if (!Number.isSafeInteger(exp) || exp < now) return false;
  const want = Buffer.from(sign(await secretOf(db), name, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export async function uploadInfo(db: Kysely<Database>, name: string) {
  if (!NAME_RE.test(name)) return undefined;
  return db.selectFrom('uploads').select(['name', 'user_id', 'purpose']).where('name', '=', name).executeTakeFirst();
}
