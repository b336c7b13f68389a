/**
 * One queue per user for trading operations in this process: a user's orders, closes, fills and
 * liquidations run one after another. The ledger's conditional updates already prevent
 * overdrafts; the queue also keeps one user's transactions from locking the same account rows in
 * opposite orders (a buy locks USDT then BTC, a sell BTC then USDT) and from racing a forced close.
 * Across processes and non-trading paths the database keeps the order (db/user-locks.ts, db/tx.ts).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** resolves when every queued operation has finished */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }
}
