/**
 * The loan job: one serial pass every RUN_EVERY_MS and once at start (hours and liquidations that
 * came due while the server was down): domain/sweep.ts. app.loans carries the clock every loan
 * rule reads (`now`, replaceable in tests) and the context the routes use.
 */
import type { FastifyInstance } from 'fastify';
import { serialJob } from '../../plugins/serial-job';
import { SOCKET_EVENTS, normalizeLang, type TradeNotice } from '../../../core';
import { translate } from '../../i18n/messages';
import { sweepLoans, type AfterCommit, type SweepResult } from './domain/sweep';
import type { LoanAlert, LoanCtx } from './domain/shared';

/** The price feed ticks several times a second; a second's pass keeps the LTV watch close to it. */
export const RUN_EVERY_MS = 1000;

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
    const text = translate(BODIES[a.kind], lang, a.params);
    const notice: TradeNotice = { kind: a.kind, key: BODIES[a.kind], params: a.params, text, ref: { type: 'loan', id: a.loanId } };
    app.market.emitToUser(a.userId, SOCKET_EVENTS.notice, notice);
    try {
      const u = await app.db.selectFrom('users').select('email').where('id', '=', a.userId).executeTakeFirst();
      if (u?.email) await app.notify.send({ channel: 'email', to: u.email, subject: translate(TITLES[a.kind], lang), body: text });
    } catch (err) {
      app.log.warn({ err, loan: a.loanId }, 'loan alert email failed');
    }
  };
}

export function startLoanJobs(app: FastifyInstance): LoanJobs {
  const ctx: LoanCtx = { db: app.db, prices: app.market, now: () => jobs.now(), alert: alerter(app) };
  const job = serialJob(app, 'loan jobs', RUN_EVERY_MS, (afterCommit?: AfterCommit) => sweepLoans(ctx, afterCommit));
  const jobs: LoanJobs = { now: Date.now, ctx, runOnce: job.run, pauseTimer: job.pauseTimer, stop: job.stop };
  job.start();
  return jobs;
}
