/** Routes for account security, identity, wallets, cards and funds. */
import type { FastifyInstance } from 'fastify';

export async function fundsRoutes(_api: FastifyInstance): Promise<void> {
  // filled in by the area that owns it
}
