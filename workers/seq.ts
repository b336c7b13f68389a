/**
 * Per-stream sequence bookkeeping. `seq` is per symbol and +1 per tick on the server; a stream may
 * legitimately skip numbers when the server coalesces, so a jump is reported, and the caller decides
 * whether it lost anything that matters.
 */
export type SeqVerdict = 'first' | 'next' | 'gap' | 'old';

export class SeqTracker {
  private last = new Map<string, number>();

  check(key: string, seq: number): SeqVerdict {
    const prev = this.last.get(key);
    if (prev === undefined) {
      this.last.set(key, seq);
      return 'first';
    }
    if (seq <= prev) return 'old';
    this.last.set(key, seq);
    return seq === prev + 1 ? 'next' : 'gap';
  }

  /** A new connection may talk to a restarted server whose sequences start over. */
  reset(): void {
    this.last.clear();
  }
}
