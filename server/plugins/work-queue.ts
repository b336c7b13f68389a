/**
 * Background work started by a tick or a timer: each task runs at most once at a time per key
 * (a fill already under way is not queued again by the next tick), failures are logged, and
 * idle() lets shutdown and tests wait for everything in flight.
 */
export interface JobLog {
  error(obj: object, msg?: string): void;
}

export class WorkQueue {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly log: JobLog) {}

  has(key: string): boolean {
    return this.running.has(key);
  }

  add(key: string, task: () => Promise<unknown>): void {
    if (this.running.has(key)) return;
    const p = (async () => {
      try {
        await task();
      } catch (err) {
        this.log.error({ err, key }, 'trading job failed');
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, p);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }
}
