/**
 * Per-user upload quota (uploads had none, so one account could fill the disk): at most
 * `filesPerDay` files and `bytesPerDay` bytes in any rolling 24 hours. Sizes come from the stored
 * files themselves (few per user per day), so the uploads table needs no new column.
 * Two uploads racing may both pass the last slot: the quota bounds abuse, it is not a ledger.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors';
import type { Db } from '../../db/schema';

export interface UploadQuota {
  filesPerDay: number;
  bytesPerDay: number;
}

const DAY_MS = 24 * 60 * 60_000;

async function recentUploads(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('name')
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(Date.now() - DAY_MS))
    .execute();
  return rows.map((r) => r.name);
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0; // removed since: it no longer takes space
  }
}

/** Before reading the body: refuses when the day's file count is used up. */
export async function checkUploadCount(db: Db, userId: number, quota: UploadQuota): Promise<void> {
  if ((await recentUploads(db, userId)).length >= quota.filesPerDay)
    throw new AppError('upload_quota_count', { count: quota.filesPerDay });
}

/** With the file in hand: refuses when it would take the day's bytes over the quota. */
export async function checkUploadBytes(
  db: Db,
  dir: string,
  userId: number,
  quota: UploadQuota,
  incoming: number,
): Promise<void> {
  const names = await recentUploads(db, userId);
  const used = (await Promise.all(names.map((n) => sizeOf(path.join(dir, n))))).reduce((a, b) => a + b, 0);
  if (used + incoming > quota.bytesPerDay)
    throw new AppError('upload_quota_bytes', { mb: Math.round(quota.bytesPerDay / (1024 * 1024)) });
}
