/**
 * The back office's shared form shapes and helpers: every area's review queue reads the same
 * query (status + paging) and the same review body (approve, or reject with a reason), and every
 * change an operator makes carries a reason for the action log.
 */
import { z } from 'zod';
import { int, text } from '../kernel/fields';
import { pagingShapeOf } from '../kernel/paging';

export const id = int(1);
export const paging = pagingShapeOf(20);
export const requiredReason = z.string().trim().min(1, { error: 'reason_required' }).max(500);

/** An approve flag as forms, JSON and scripts send it. */
export const approveFlag = z
  .union([
    z.literal('1'),
    z.literal('0'),
    z.literal('true'),
    z.literal('false'),
    z.boolean(),
    z.literal(1),
    z.literal(0),
  ])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 1);

export const QueueQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional(), ...paging });

/** A review of one queued item: a rejection needs a reason (the user reads it). */
export const ReviewBody = z
  .object({ id, approve: approveFlag, reason: text(500) })
  .refine((b) => b.approve || b.reason.length > 0, { error: 'reason_required' });

/** The number a `select count(*) as n` query answers. */
export async function count(q: {
  executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }>;
}): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}
