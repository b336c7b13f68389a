/**
 * IEO back office under /admin/api/ieo (operator session, http/operator-auth authenticateOperator):
 * POST /projects creates a project, GET /projects lists them, POST /finalise {project_id} allots a
 * finished project now instead of waiting for the job's next pass.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { authenticateOperator } from '../../http/operator-auth';
import { createProject } from './domain/ieo/admin';
import { finaliseProject } from './domain/ieo/finalise';
import { listProjects, projectDetail, projectRow } from './domain/ieo/projects';
import { AppError } from '../../errors';
import { idField } from './routes/shared';
import { pagingShape } from '../../kernel/paging';
import { requestInput as input } from '../../kernel/input';
import { decimal, INT4_MAX, intOr } from '../../kernel/fields';

const time = z
  .union([z.string().trim().min(1), z.number()])
  .transform((v) => new Date(typeof v === 'number' || /^\d+$/.test(v) ? Number(v) : v))
  .refine((d) => !Number.isNaN(d.getTime()));
const ids = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((v) =>
    v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((x) => String(x).trim()).filter(Boolean),
  )
  .refine((a) => a.every((x) => /^\d{1,10}$/.test(x) && Number(x) > 0 && Number(x) <= INT4_MAX))
  .transform((a) => a.map(Number));
const url = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^https?:\/\//.test(s))
  .default('');

const CreateBody = z.object({
  name: z.string().trim().min(1).max(60),
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,12}$/)
    .transform((s) => s.toUpperCase()),
  issue_price: decimal,
  total_issuance: decimal,
  pay_currency_ids: ids,
  min_amount: decimal.optional(),
  max_amount: decimal.optional(),
  lock_days: intOr(0, 3650, 0),
  start_at: time,
  end_at: time,
  listing_at: time,
  white_paper: url,
  website: url,
  description: z.string().trim().max(5000).default(''),
  logo: z.string().trim().max(500).default(''),
  token_decimals: intOr(0, 18, 4),
  reason: z.string().trim().max(500).default(''),
});

const ProjectsQuery = z.object({ ...pagingShape, limit: pagingShape.limit.default(20) });
const ProjectIdBody = z.object({ project_id: idField });

export async function adminIeoRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const guard = { preHandler: authenticateOperator };
  const now = () => app.products.now();

  app.post('/projects', guard, async (req) => {
    const b = parse(CreateBody, input(req));
    const id = await createProject(db, req.operatorId, b);
    return ok(await projectDetail(db, now(), id, 0));
  });
  app.get('/projects', guard, async (req) => ok(await listProjects(db, now(), parse(ProjectsQuery, input(req)))));
  app.post('/finalise', guard, async (req) => {
    const { project_id } = parse(ProjectIdBody, input(req));
    const p = await projectRow(db, project_id);
    if (p.end_at.getTime() > now()) throw new AppError('ieo_not_ended');
    await app.products.runOnce(); // serialised with the job, so the two never interleave
    await finaliseProject(db, project_id, now());
    return ok(await projectDetail(db, now(), project_id, 0));
  });
}
