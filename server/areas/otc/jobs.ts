/**
 * The OTC deadline: opening an order enqueues a durable job (`otc.expire`, keyed by the order) for
 * its payment deadline in the same transaction; the job cancels the order if it is still unpaid and
 * returns its escrow, exactly once (domain/orders.ts expireOne: the order row locked, its status
 * checked, one final event per order), retried with backoff if it fails. One sweep at start
 * (expireDue) covers orders opened before the queue existed, which have no job; tests drive it
 * with runOnce. app.otc carries the clock every OTC rule reads (`now`, replaceable in tests),
 * the context the routes use, and the after-commit delivery: both parties' socket rooms, each
 * notice as a live toast, and the notices' emails through the mailer (the dev outbox without SMTP_URL).
 */
import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, normalizeLang, type OtcSocketEvent, type TradeNotice } from '../../../core';
import { serialJob } from '../../plugins/serial-job';
import { translate } from '../../i18n/messages';
import { expireDue, expireOne, OTC_EXPIRE_TASK, type AfterCommit } from './domain/orders';
import { OTC_NOTICE_KEYS } from './domain/notices';
import type { OtcCtx, OtcNote } from './domain/shared';

export interface OtcJobs {
  now: () => number;
  ctx: OtcCtx;
  runOnce(afterCommit?: AfterCommit): Promise<number>;
  pauseTimer(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    otc: OtcJobs;
  }
}

/**
 * Delivers each notice after its commit: live on the reader's socket (a toast in their open app,
 * in the language they used on the order; not to the one who took the step), then by email when
 * they have an address — a phone-only user has none, so none is attempted; the in-app notice was
 * written in the step's transaction either way.
 */
function deliverer(app: FastifyInstance) {
  return async (notes: readonly OtcNote[], actorId?: number): Promise<void> => {
    for (const n of notes) {
      const lang = normalizeLang(n.lang);
      const keys = OTC_NOTICE_KEYS[n.kind];
      const body = translate(keys.body, lang, n.params);
      if (n.userId !== actorId) {
        const notice: TradeNotice = {
          kind: n.kind,
          key: keys.body,
          params: n.params,
          text: body,
          ref: { type: 'otc', id: n.orderId },
        };
        app.market.emitToUser(n.userId, SOCKET_EVENTS.notice, notice);
      }
      try {
        const u = await app.db.selectFrom('users').select('email').where('id', '=', n.userId).executeTakeFirst();
        if (!u?.email) continue;
        await app.notify.send({ channel: 'email', to: u.email, subject: translate(keys.title, lang, n.params), body });
      } catch (err) {
        app.log.warn({ err, order: n.orderId, kind: n.kind }, 'otc notice email failed');
      }
    }
  };
}

export function startOtcJobs(app: FastifyInstance): OtcJobs {
  const ctx: OtcCtx = {
    db: app.db,
    prices: app.market,
    now: () => jobs.now(),
    push: (p) => {
      const e: OtcSocketEvent = { order_id: p.orderId, what: p.what };
      for (const u of new Set(p.userIds)) app.market.emitToUser(u, SOCKET_EVENTS.otc, e);
    },
    notify: deliverer(app),
  };
  app.jobQueue.task<{ id: number }>(OTC_EXPIRE_TASK, async ({ id }) => void (await expireOne(ctx, id)));
  const job = serialJob(app, 'otc sweep', null, (afterCommit?: AfterCommit) => expireDue(ctx, afterCommit));
  const jobs: OtcJobs = { now: Date.now, ctx, runOnce: job.run, pauseTimer: job.pauseTimer, stop: job.stop };
  job.start();
  return jobs;
}
