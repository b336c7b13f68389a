/**
 * The loan jobs: each loan's hourly interest is a durable job (domain/interest-job.ts, enqueued at
 * borrow); the engine's price watch (margin calls, liquidations: domain/sweep.ts watchLoans) is a
 * serial pass every RUN_EVERY_MS on the leader; one full sweep at start (and on gaining the lease)
 * settles what came due while the server was down and gives every open loan its interest job.
 * app.loans carries the clock every loan rule reads (`now`, replaceable in tests) and the context
 * the routes use; runOnce is the full sweep.
 */
import type { FastifyInstance } from 'fastify';
import { serialJob } from '../../plugins/serial-job';
import { SOCKET_EVENTS, normalizeLang, type TradeNotice } from '../../../core';
import { translate, translateNotice } from '../../i18n/messages';
import { sweepLoans, watchLoans, type AfterCommit, type SweepResult } from './domain/sweep';
import { chargeLoanHours, LOAN_INTEREST, scheduleOpenLoans } from './domain/interest-job';
import type { LoanAlert, LoanCtx } from './domain/shared';

/** The price feed ticks several times a second; a second's pass keeps the LTV watch close to it. */
const RUN_EVERY_MS = 1000;

export interface LoanJobs {
  now: () => number;
  ctx: LoanCtx;
  runOnce(afterCommit?: AfterCommit): Promise<SweepResult>;
  pauseTimer(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    loans: LoanJobs;
  }
}

const TITLES = { loan_margin_call: 'loan_margin_call_title', loan_liquidated: 'loan_liquidated_title' } as const;
const BODIES = { loan_margin_call: 'loan_margin_call_body', loan_liquidated: 'loan_liquidated_body' } as const;

/** After commit: the socket notice to the user's private room and the email (when the user has one). */
function alerter(app: FastifyInstance) {
  return async (a: LoanAlert): Promise<void> => {
    const lang = normalizeLang(a.lang);
    const text = translateNotice(BODIES[a.kind], lang, a.params);
    const notice: TradeNotice = {
      kind: a.kind,
      key: BODIES[a.kind],
      params: a.params,
      text,
      ref: { type: 'loan', id: a.loanId },
    };
    app.market.emitToUser(a.userId, SOCKET_EVENTS.notice, notice);
    try {
      const u = await app.db.selectFrom('users').select('email').where('id', '=', a.userId).executeTakeFirst();
      if (u?.email)
        await app.notify.send({ channel: 'email', to: u.email, subject: translate(TITLES[a.kind], lang), body: text });
    } catch (err) {
      app.log.warn({ err, loan: a.loanId }, 'loan alert email failed');
    }
  };
}

export function startLoanJobs(app: FastifyInstance): LoanJobs {
  const ctx: LoanCtx = { db: app.db, prices: app.market, now: () => jobs.now(), alert: alerter(app) };
  app.jobQueue.task<{ id: number }>(LOAN_INTEREST, async ({ id }) => void (await chargeLoanHours(ctx, id)));
  const sweep = serialJob(app, 'loan sweep', null, (afterCommit?: AfterCommit) => sweepLoans(ctx, afterCommit));
  const atStart = serialJob(app, 'loan start-up sweep', null, async () => {
    await sweep.run();
    await scheduleOpenLoans(ctx);
  });
  const watch = serialJob(app, 'loan price watch', RUN_EVERY_MS, () => watchLoans(ctx));
  const jobs: LoanJobs = {
    now: Date.now,
    ctx,
    runOnce: sweep.run,
    pauseTimer: watch.pauseTimer,
    stop: async () => {
      await watch.stop();
      await atStart.stop();
      await sweep.stop();
    },
  };
  atStart.start();
  watch.start();
  return jobs;
}
