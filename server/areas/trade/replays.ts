/**
 * Lost-answer rebuilds (http/idempotency-replay.ts) for the lever routes, whose answer is a read
 * of the row the operation wrote (the key's committed_ref names it): a retry after a crash between
 * the commit and the stored answer gets that row's answer, and the operation never runs twice.
 * (Spot orders store their answer in their transaction, seconds orders in their group commit's statement.)
 */
import type { FastifyInstance } from 'fastify';
import { registerReplay } from '../../http/idempotency-replay';
import { accountView } from './domain';

export function registerTradeReplays(): void {
  const lever = async (app: FastifyInstance, userId: number, id: number) => {
    const row = await app.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return (await accountView(app.trade.ctx, userId)).present(row);
  };
  registerReplay('lever/submit', (app, userId, ref) => lever(app, userId, Number(ref.id)));
  registerReplay('lever/close', (app, userId, ref) => lever(app, userId, Number(ref.id)));
  // a batch cut off by a crash answers what it closed (the rest stays open, as the user can see)
  registerReplay('lever/batch_close', async (app, userId, _ref, since) => {
    const rows = await app.db
      .selectFrom('lever_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('close_reason', '=', 'batch')
      .where('closed_at', '>=', since)
      .orderBy('id')
      .execute();
    return { closed: rows.length, ids: rows.map((r) => r.id) };
  });
}
