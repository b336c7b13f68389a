/** Identity verification routes: GET /real/state, POST /user/real. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { realState, submitReal } from './domain/kyc';
import { int } from '../../kernel/fields';
import { ID_TYPES } from '../../../core';

const Step = z.object({ real_type: int(1, 2) });
/**
 * The spec's client sends id_type as a number (WIRE.md: 0 ID card, 1 passport, 2 driver licence);
 * ours sends the name. Both are accepted; anything else stays a parameter error in the domain.
 */
const idType = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : null;
  return n !== null && Number.isInteger(n) && n >= 0 && n < ID_TYPES.length ? ID_TYPES[n] : v;
}, z.string().trim().max(20));
const Level1 = z.object({ id_type: idType, name: z.string().trim().max(60), card_id: z.string().trim().max(40) });
const Level2 = z.object({
  front_pic: z.string().trim().min(1, { error: 'file_ref_invalid' }).max(200),
  reverse_pic: z.string().trim().min(1, { error: 'file_ref_invalid' }).max(200),
});

export async function kycRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  app.get('/real/state', auth, async (req) => ok(await realState(app.db, app.market, req.userId)));
  app.post('/user/real', auth, async (req) => {
    const { real_type } = parse(Step, req.body);
    await submitReal(
      app.db,
      req.userId,
      real_type === 1 ? { real_type: 1, ...parse(Level1, req.body) } : { real_type: 2, ...parse(Level2, req.body) },
    );
    return ok(await realState(app.db, app.market, req.userId));
  });
}
