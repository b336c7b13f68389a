import type { FastifyInstance } from 'fastify';

/**
 * An area's timer job: one pass at a time (a pass never overlaps the previous one, and a test's
 * `run` queues behind the timer's), every `everyMs` and once at `start` (what came due while the
 * server was down); a failed pass is logged and the next one runs. `stop` waits for the pass in
 * flight; the app's close stops it. The area builds its own object (clock, hooks) around it and
 * calls `start` once that object exists.
 */
export interface SerialJob<A extends unknown[], R> {
  run(...args: A): Promise<R>;
  start(): void;
  pauseTimer(): void;
  stop(): Promise<void>;
}

export function serialJob<A extends unknown[], R>(app: FastifyInstance, name: string, everyMs: number, pass: (...args: A) => Promise<R>): SerialJob<A, R> {
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const tick = () => void serial(() => pass(...([] as unknown as A))).catch((err: unknown) => app.log.error({ err }, `${name} pass failed`));
  const job: SerialJob<A, R> = {
    run: (...args) => serial(() => pass(...args)),
    start() {
      timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
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
