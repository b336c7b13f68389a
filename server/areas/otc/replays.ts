/**
 * Lost-answer rebuilds (http/idempotency-replay.ts) for the steps on the group commit: opening,
 * release and cancel mark the request's key committed with the order in their statement, and the
 * answer is stored after it; a crash in between leaves a committed key without its answer, so a
 * retry answers the order as its caller reads it now — the order that step opened or ended.
 */
import { ok } from '../../http/envelope';
import { registerReplay } from '../../http/idempotency-replay';
import { orderView } from './domain/views';

export function registerOtcReplays(): void {
  for (const route of ['otc/order/open', 'otc/order/release', 'otc/order/cancel'])
    registerReplay(route, async (app, userId, ref) =>
      ok(await orderView(app.db, Number(ref.id), userId, app.otc.now())),
    );
}
