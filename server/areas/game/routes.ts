/**
 * /api/game/… : the state (public; the caller's stakes when logged in), staking (authenticated,
 * idempotent: the answer is stored with the effect), and one round's verify data (public: ticks,
 * fee rate and stakes by id, never players).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { withIdempotency } from '../../http/idempotency';
import { optionalUser } from '../../http/auth';
import { requestInput as input } from '../../kernel/input';
import { id } from '../../kernel/fields';
import { placeStake } from './domain/stake';
import { gameState, verifyRound } from './domain/views';

const StakeBody = z.object({
  round_id: id,
  side: z.enum(['up', 'down']),
  amount: z.union([z.string(), z.number()]).transform(String),
});

const IdQuery = z.object({ id });

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  app.get('/game/state', async (req) => {
    const uid = await optionalUser(req);
    return ok(await gameState(db, await app.game.rules(), uid || null, app.game.now()));
  });
  app.get('/game/verify', async (req) => ok(await verifyRound(db, parse(IdQuery, input(req)).id)));
  app.post('/game/stake', { preHandler: app.authenticate }, async (req) => {
    const b = parse(StakeBody, input(req));
    return withIdempotency(req, 'game/stake', async (key) =>
      ok(
        await placeStake(
          db,
          await app.game.rules(),
          req.userId,
          { roundId: b.round_id, side: b.side, amount: b.amount },
          app.game.now(),
          key,
        ),
      ),
    );
  });
}
