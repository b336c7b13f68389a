import type { FastifyInstance } from 'fastify';

/**
 * An area's timer job: one pass at a time (a pass never overlaps the previous one, and a test's
 * `run` queues behind the timer's), every `everyMs` and once at `start` (what came due while the
 * server was down); a failed pass is logged and the next one runs. `everyMs` null: once at start
 * only (a sweep beside the durable job queue, for rows that came before their jobs). `stop` waits for the pass in
 * flight; the app's close stops it. The area builds its own object (clock, hooks) around it and
 * calls `start` once that object exists.
 */
export interface SerialJob<A extends unknown[], R> {
  run(...args: A): Promise<R>;
  start(): void;
  pauseTimer(): void;
  stop(): Promise<void>;
}

/** whether this process runs single-writer timers now (no leadership decorated: a bare test app) */
export function leading(app: FastifyInstance): boolean {
  return !app.hasDecorator('leadership') || app.leadership.isLeader();
}

export function serialJob<A extends unknown[], R>(
  app: FastifyInstance,
  name: string,
  everyMs: number | null,
  pass: (...args: A) => Promise<R>,
): SerialJob<A, R> {
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    // cluster mode: a timer's pass runs on the engine leader only (one process: always)
    if (!leading(app)) return;
    void serial(() => pass(...([] as unknown as A))).catch((err: unknown) =>
      app.log.error({ err }, `${name} pass failed`),
    );
  };
  const job: SerialJob<A, R> = {
    run: (...args) => serial(() => pass(...args)),
    start() {
      if (everyMs !== null) {
        timer = setInterval(tick, everyMs);
        timer.unref();
      }
      tick();
      // a new leader catches up at once on what came due while the old one was gone
      if (app.hasDecorator('leadership')) app.leadership.onGain(tick);
      app.addHook('onClose', async () => job.stop());
    },
    pauseTimer: () => clearInterval(timer),
    async stop() {
      clearInterval(timer);
      await chain;
    },
  };
  return job;
}
