/**
 * An area of the app (accounts, funds, trading...) as one Fastify plugin: it owns its service,
 * its /api routes, its back-office routes, its seed steps and its jobs. The plugin is not
 * encapsulated (what it decorates, e.g. app.trade, is seen by the whole app and the tests), the
 * same as fastify-plugin's skip-override; its routes still register in their own
 * encapsulated child contexts under their prefixes.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authenticateOperator } from '../http/operator-auth';

export type Area = FastifyPluginAsync & { areaName: string };

export function defineArea(name: string, register: (app: FastifyInstance) => Promise<void>): Area {
  const plugin = Object.assign(async (app: FastifyInstance) => register(app), { areaName: name });
  // Fastify's documented way for a plugin to share the parent's context (what fastify-plugin does)
  (plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
  (plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = `area:${name}`;
  return plugin;
}

/** Where an area's customer routes and back-office routes are mounted. */
export const API_PREFIX = '/api';
export const ADMIN_PREFIX = '/admin/api';

/**
 * Mounts an area's back-office routes under /admin/api (or /admin/api/<path>) in a child context
 * that only operators pass (the session cookie or an operator bearer token). The back-office
 * shell (server/admin) adds the login, the cross-site guard and the action log around them.
 */
export async function mountBackOffice(
  app: FastifyInstance,
  routes: (op: FastifyInstance) => Promise<void>,
  path = '',
): Promise<void> {
  await app.register(
    async (op) => {
      op.addHook('preHandler', authenticateOperator);
      await routes(op);
    },
    { prefix: `${ADMIN_PREFIX}${path}` },
  );
}
