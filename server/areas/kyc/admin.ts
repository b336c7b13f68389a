/** Back office: the identity-verification queue (GET /admin/api/kyc, POST /admin/api/kyc/review). */
import type { FastifyInstance } from 'fastify';
import type { AdminKycItem, Page } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { offset, pageOf } from '../../kernel/paging';
import { inTransaction } from '../../db/tx';
import { reviewKyc } from './domain/kyc';
import { fileUrl } from '../../shared/files/files';
import { logAction } from '../../auth/operators';
import { count, QueueQuery, ReviewBody } from '../../admin/forms';

export async function kycAdminRoutes(op: FastifyInstance): Promise<void> {
  const db = op.db;
  op.get('/kyc', async (req): Promise<ReturnType<typeof ok<Page<AdminKycItem>>>> => {
    const q = parse(QueueQuery, req.query);
    let base = db
      .selectFrom('kyc_submissions')
      .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
      .leftJoin('operators', 'operators.id', 'kyc_submissions.reviewed_by');
    if (q.status) base = base.where('kyc_submissions.status', '=', q.status);
    const rows = await base
      .select([
        'kyc_submissions.id',
        'kyc_submissions.user_id',
        'users.email',
        'users.mobile',
        'kyc_submissions.real_type',
        'kyc_submissions.id_type',
        'kyc_submissions.name',
        'kyc_submissions.card_id',
        'kyc_submissions.front_pic',
        'kyc_submissions.reverse_pic',
        'kyc_submissions.status',
        'kyc_submissions.reason',
        'kyc_submissions.created_at',
        'kyc_submissions.reviewed_at',
        'operators.name as reviewer',
      ])
      .orderBy('kyc_submissions.id', q.status === 'pending' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset(offset(q))
      .execute();
    const list = await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        user_id: r.user_id,
        account: r.email ?? r.mobile ?? '',
        real_type: r.real_type as 1 | 2,
        id_type: r.id_type as AdminKycItem['id_type'],
        name: r.name,
        // operators see the full number: they compare it with the photos
        card_id: r.card_id,
        front_pic_url: await fileUrl(db, r.front_pic, 'id_photo'),
        reverse_pic_url: await fileUrl(db, r.reverse_pic, 'id_photo'),
        status: r.status,
        reason: r.reason,
        created_at: r.created_at.toISOString(),
        reviewed_at: r.reviewed_at?.toISOString() ?? null,
        reviewed_by: r.reviewer,
      })),
    );
    return ok(pageOf(list, q, await count(base.select((eb) => eb.fn.countAll<string>().as('n')))));
  });
  op.post('/kyc/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    await inTransaction(db, async (trx) => {
      const r = await reviewKyc(trx, { id: b.id, operatorId: req.operatorId, approve: b.approve, reason: b.reason });
      await logAction(trx, {
        operatorId: req.operatorId,
        action: b.approve ? 'kyc_approve' : 'kyc_reject',
        target: `user:${r.userId} kyc:${b.id}`,
        reason: b.reason || 'approved',
        detail: { real_type: r.realType },
      });
    });
    return ok(true);
  });
}
