/** What mirroring tells a follower: a copy opened, closed or skipped, as a live notice naming the trader. */
import type { Kysely } from 'kysely';
import type { CopyNotice } from '../../../../core';
import type { Database } from '../../../db/schema';
import { translate, type MessageKey } from '../../../i18n/messages';
import type { TradeContext } from '../../trade/domain';

/** The trader as a notice names them: the nickname, or "#<user id>" when the trader row is gone. */
export async function traderName(db: Kysely<Database>, traderId: number): Promise<string> {
  const t = await db.selectFrom('copy_traders').select('nickname').where('user_id', '=', traderId).executeTakeFirst();
  return t?.nickname ?? `#${traderId}`;
}

/** Pushes a notice about one copy (`copyId`) to the follower's sessions. */
export function emitCopyNotice(
  ctx: TradeContext,
  followerId: number,
  kind: CopyNotice['kind'],
  key: MessageKey,
  params: Record<string, string>,
  copyId: number,
): void {
  const notice: CopyNotice = {
    kind,
    key,
    params,
    text: translate(key, 'en', params),
    ref: { type: 'copy', id: copyId },
  };
  ctx.market.emitToUser(followerId, 'notice', notice);
}
