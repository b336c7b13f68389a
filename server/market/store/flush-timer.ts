/**
 * The beat of a buffer written to the database in batches (the candle store, the tick log): every
 * `ms` it runs `write`, skipping a beat while the previous write still runs rather than queueing
 * writes behind a slow database. `flush()` calls run one after the other; `stop()` ends the beat and
 * writes what is left. `write` keeps what it failed to write for the next beat and does not throw.
 */
export class FlushTimer {
  private timer: ReturnType<typeof setInterval> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly ms: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.busy) void this.flush();
    }, this.ms);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  flush(): Promise<void> {
    this.chain = this.chain.then(async () => {
      this.busy = true;
      try {
        await this.write();
      } finally {
        this.busy = false;
      }
    });
    return this.chain;
  }
}
