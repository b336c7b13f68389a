/** Back office under /admin/api/jobs (operators only): the durable job queue — what waits, runs, retries or failed, with attempts and the last error. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_JOB_STATES, type AdminJobState } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { offset, pageOf, pagingShapeOf } from '../../kernel/paging';
import { listJobs } from '../../db/jobs';

const JobsQuery = z.object({
  ...pagingShapeOf(20),
  state: z.enum(ADMIN_JOB_STATES as [AdminJobState, ...AdminJobState[]]).optional(),
});

export async function jobsAdminRoutes(op: FastifyInstance): Promise<void> {
  op.get('/', async (req) => {
    const q = parse(JobsQuery, req.query);
    const { rows, total } = await listJobs(op.db, { state: q.state, offset: offset(q), limit: q.limit });
    return ok(pageOf(rows, q, total));
  });
}
