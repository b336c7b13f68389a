/** Back office: user search, one user's detail (balances and journal), and setting a user's level (/admin/api/users...). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminUserDetail, AdminUserRow } from '../../../core';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { int } from '../../kernel/fields';
import { offset, pageOf } from '../../kernel/paging';
import { inTransaction } from '../../db/tx';
import { getBalances } from '../../db/ledger';
import { journalPage } from '../../shared/journal';
import { logAction } from '../../auth/operators';
import { count, id, paging, requiredReason } from '../../admin/forms';

const UsersQuery = z.object({ q: z.string().trim().max(190).default(''), ...paging });
const LevelBody = z.object({ user_id: id, level: int(0, 3), reason: requiredReason });

const DetailQuery = z.object({ id, ...paging });

export async function usersAdminRoutes(op: FastifyInstance): Promise<void> {
  const db = op.db;
  op.get('/users', async (req) => {
    const q = parse(UsersQuery, req.query);
    let base = db.selectFrom('users').where('status', '<>', 2);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
      const asId = /^\d{1,9}$/.test(q.q) ? Number(q.q) : 0;
      base = base.where((eb) =>
        eb.or([
          eb('email', 'ilike', like),
          eb('mobile', 'like', like),
          eb('nickname', 'ilike', like),
          eb('id', '=', asId),
        ]),
      );
    }
    const rows = await base
      .select(['id', 'email', 'mobile', 'level', 'status', 'created_at'])
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(offset(q))
      .execute();
    const list: AdminUserRow[] = rows.map((r) => ({
      ...r,
      account: r.email ?? r.mobile ?? '',
      created_at: r.created_at.toISOString(),
    }));
    return ok(pageOf(list, q, await count(base.select((eb) => eb.fn.countAll<string>().as('n')))));
  });
  op.get('/users/detail', async (req) => {
    const q = parse(DetailQuery, req.query);
    const u = await db
      .selectFrom('users')
      .select(['id', 'email', 'mobile', 'level', 'status', 'created_at', 'nickname'])
      .where('id', '=', q.id)
      .executeTakeFirst();
    if (!u) throw new AppError('not_found');
    const detail: AdminUserDetail = {
      ...u,
      account: u.email ?? u.mobile ?? '',
      created_at: u.created_at.toISOString(),
      balances: await getBalances(db, u.id),
      journal: (await journalPage(db, u.id, q)).list,
    };
    return ok(detail);
  });
  op.post('/users/level', async (req) => {
    const b = parse(LevelBody, req.body);
    await inTransaction(db, async (trx) => {
      const res = await trx
        .updateTable('users')
        .set({ level: b.level, updated_at: new Date() })
        .where('id', '=', b.user_id)
        .where('status', '<>', 2)
        .executeTakeFirst();
      if (res.numUpdatedRows !== 1n) throw new AppError('not_found');
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'set_level',
        target: `user:${b.user_id}`,
        reason: b.reason,
        detail: { level: b.level },
      });
    });
    return ok(true);
  });
}
