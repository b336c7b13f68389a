import type { Db } from '../../../db/schema';
/** After a sensitive change the user keeps the device they made it on; every other session ends. */

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
