/** Request-shape helpers shared by the product route modules. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONSTANTS } from '../../../../core';
import { bearerToken } from '../../auth';
import { lookupSession } from '../../../domain/accounts/sessions';
import { int, intOr } from '../../fields';

export const idField = int(1);
export const pagingShape = {
  page: intOr(1, 100_000, 1),
  limit: intOr(1, 100, CONSTANTS.pageSize),
};
/** A raw user-typed value: validated by the domain so each mistake gets its own message. */
export const raw = z.union([z.string(), z.number()]).optional();

/** GET query and POST body merged: the spec sends some list calls either way. */
export function input(req: FastifyRequest): Record<string, unknown> {
  return { ...((req.query as object) ?? {}), ...((req.body as object) ?? {}) };
}

/** The caller's user id on public pages (lists show the balance when logged in), 0 for guests. */
export async function optionalUser(req: FastifyRequest): Promise<number> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return 0;
  const s = await lookupSession(req.server.db, token);
  return s.ok ? s.userId : 0;
}
