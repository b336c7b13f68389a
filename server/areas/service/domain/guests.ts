/**
 * Guests (no account) in customer service: their email is verified with a code (sent through the
 * notify transport, like the sign-up codes; the dev outbox shows it) before any reply is mailed
 * to it, and their images go through the same checks as /api/upload with a daily quota per IP
 * (the per-user quota's numbers), tied to their conversation so only it can attach them.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {} from '../tables';
import type { Database, Db } from '../../../db/schema';
import { inTransaction } from '../../../db/tx';
import { AppError } from '../../../errors';
import { nameOfRef } from '../../../shared/files/files';
import type { UploadQuota } from '../../../shared/files/upload-quota';
import type { UploadStore, ImageKind } from '../../../storage/uploads';

/** the verification-code scene of a guest's email */
export const GUEST_SCENE = 'service_guest';
const DAY_MS = 24 * 60 * 60_000;

export async function guestConversation(db: Db, tokenHash: string) {
  const c = await db
    .selectFrom('service_conversations')
    .select(['id', 'guest_email', 'guest_email_verified_at'])
    .where('guest_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!c || !c.guest_email) throw new AppError('service_not_found');
  return { id: c.id, email: c.guest_email, verified: c.guest_email_verified_at !== null };
}

export async function markGuestVerified(db: Db, conversationId: number): Promise<void> {
  await db
    .updateTable('service_conversations')
    .set({ guest_email_verified_at: new Date() })
    .where('id', '=', conversationId)
    .where('guest_email_verified_at', 'is', null)
    .execute();
}

async function usedToday(db: Db, ip: string): Promise<{ files: number; bytes: number }> {
  const r = await db
    .selectFrom('service_guest_uploads')
    .select([sql<number>`count(*)::int`.as('files'), sql<string>`coalesce(sum(bytes), 0)::text`.as('bytes')])
    .where('ip', '=', ip)
    .where('created_at', '>', new Date(Date.now() - DAY_MS))
    .executeTakeFirstOrThrow();
  return { files: r.files, bytes: Number(r.bytes) };
}

/** Before reading the body: the IP's file count for the day. */
export async function checkGuestCount(db: Db, ip: string, quota: UploadQuota): Promise<void> {
  if ((await usedToday(db, ip)).files >= quota.filesPerDay)
    throw new AppError('upload_quota_count', { count: quota.filesPerDay });
}

/** Stores a guest's checked image: the file, an `uploads` row with no user, and its guest row. */
export async function saveGuestUpload(
  db: Kysely<Database>,
  store: UploadStore,
  g: { conversationId: number; ip: string; quota: UploadQuota },
  file: { buf: Buffer; kind: ImageKind },
): Promise<string> {
  const used = await usedToday(db, g.ip);
  if (used.bytes + file.buf.length > g.quota.bytesPerDay)
    throw new AppError('upload_quota_bytes', { mb: Math.round(g.quota.bytesPerDay / (1024 * 1024)) });
  const ref = await store.save(file.buf, file.kind);
  const name = nameOfRef(ref)!;
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('uploads')
      .values({ name, user_id: null, sha256: createHash('sha256').update(file.buf).digest('hex') })
      .execute();
    await trx
      .insertInto('service_guest_uploads')
      .values({ name, conversation_id: g.conversationId, ip: g.ip, bytes: file.buf.length })
      .execute();
  });
  return ref;
}

/** An attachment from a guest must be an image this guest's conversation uploaded. */
export async function guestUpload(db: Db, tokenHash: string, ref: string): Promise<string> {
  const name = nameOfRef(ref.trim());
  if (!name) throw new AppError('file_ref_invalid');
  const row = await db
    .selectFrom('service_guest_uploads as g')
    .innerJoin('service_conversations as c', 'c.id', 'g.conversation_id')
    .select('g.name')
    .where('g.name', '=', name)
    .where('c.guest_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) throw new AppError('file_ref_invalid');
  return `upload/${name}`;
}
