/**
 * Per-user notices (the in-app inbox): written by funds, KYC, security and copy trading alike, so
 * they sit beside the ledger as a shared table write.
 */
import type { MessageKey } from '../errors';
import type { Db } from './schema';

/** A notice to a user, stored as message keys so it reads in the reader's language. */
export async function addNotice(
  db: Db,
  n: { userId: number; kind: string; title: MessageKey; body: MessageKey; params?: Record<string, string | number> },
): Promise<void> {
  await db
    .insertInto('notices')
    .values({
      user_id: n.userId,
      kind: n.kind,
      title_key: n.title,
      body_key: n.body,
      params: JSON.stringify(n.params ?? {}),
    })
    .execute();
}
