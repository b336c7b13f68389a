/**
 * Lost-answer rebuilds (http/idempotency-replay.ts) for the product orders: a retry after a crash
 * between the commit and the stored answer reads the order the operation wrote (the key's
 * committed_ref names it), and the operation never runs twice.
 */
import { ok } from '../../http/envelope';
import { registerReplay } from '../../http/idempotency-replay';
import { dualOrder } from './domain/dual/orders';
import { ieoOrder } from './domain/ieo/orders';
import { lockOrder } from './domain/lockming/orders';

export function registerProductReplays(): void {
  registerReplay('dual/buyDual', async (app, userId, ref) => ok(await dualOrder(app.db, userId, Number(ref.id))));
  registerReplay('project/order', async (app, userId, ref) => ok(await ieoOrder(app.db, userId, Number(ref.id))));
  registerReplay('lh/deposit', async (app, userId, ref) =>
    ok(await lockOrder(app.db, userId, Number(ref.id), app.products.now())),
  );
  registerReplay('lh/deposit/order/cancel', async (app, userId, ref) =>
    ok(await lockOrder(app.db, userId, Number(ref.id), app.products.now())),
  );
}
