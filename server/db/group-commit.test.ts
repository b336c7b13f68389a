/**
 * The group commit's drain on shutdown (no database: the statement is the test's): what was taken
 * commits and answers before the drain ends, and what comes after is refused with a retryable 503
 * without reaching a statement.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainAll } from './drain';
import { GroupCommit, ShuttingDownError } from './group-commit';

/** a statement the test releases by hand, recording each batch it was given */
function heldStatement() {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  const statement = async (els: number[]) => {
    batches.push(els);
    await new Promise<void>((r) => waiting.push(r));
    return els.map((e) => e * 10);
  };
  const releaseAll = async () => {
    while (waiting.length) waiting.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { batches, statement, releaseAll, waiting };
}

it('a drain answers the batch in flight and the queue behind it, then refuses new work with a 503', async () => {
  const s = heldStatement();
  const handle = {};
  // one user for all: the second operation waits behind the batch in flight
  const gc = new GroupCommit<number, number>(s.statement, () => [1], { drainWith: handle });
  const first = gc.submit(1);
  await new Promise((r) => setTimeout(r, 0));
  const second = gc.submit(2);
  let drained = false;
  const drain = drainAll(handle).then(() => (drained = true));
  await expect(gc.submit(3)).rejects.toBeInstanceOf(ShuttingDownError);
  await expect(gc.submit(3)).rejects.toMatchObject({ statusCode: 503 });
  expect(drained).toBe(false);
  await s.releaseAll(); // the first batch commits; the second goes out
  expect(drained).toBe(false);
  await s.releaseAll();
  await drain;
  expect(await Promise.all([first, second])).toEqual([10, 20]);
  expect(s.batches).toEqual([[1], [2]]); // the refused one never reached a statement
});

it('a drain with nothing taken ends at once', async () => {
  const s = heldStatement();
  const gc = new GroupCommit<number, number>(s.statement, () => [1]);
  await gc.drain();
  await expect(gc.submit(1)).rejects.toBeInstanceOf(ShuttingDownError);
  expect(s.batches).toEqual([]);
});

it("every group commit the server builds is drained with its handle's pool", async () => {
  // a writer built without drainWith would be cut off mid-batch by a deploy's pool close
  const { readFile, readdir } = await import('node:fs/promises');
  const files = (await readdir('server', { recursive: true }))
    .map((f) => `server/${f}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('/testing/'));
  const unbound: string[] = [];
  for (const f of files) {
    const text = await readFile(f, 'utf8');
    const built = (text.match(/new GroupCommit[<(]|extends GroupCommit</g) ?? []).length;
    const bound = (text.match(/drainWith: db/g) ?? []).length;
    if (built > bound) unbound.push(`${f}: ${built} built, ${bound} bound`);
  }
  expect(files.length).toBeGreaterThan(100);
  expect(unbound).toEqual([]);
});

describe('regather', () => {
  // fake clocks (timers and performance.now): the windows below are exact, whatever the machine's load
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());
  const tick = () => vi.advanceTimersByTimeAsync(0);
  const users = (e: number) => [e];
  /** the held statements commit; their callers see their answers */
  const release = async (s: ReturnType<typeof heldStatement>) => {
    while (s.waiting.length) s.waiting.shift()!();
    await tick();
  };

  it('the next batch waits for the callers the last commit answered; with no commit before, none waits', async () => {
    const s = heldStatement();
    const gc = new GroupCommit<number, number>(s.statement, users, { regather: 1000, gather: 100 });
    // a lone operation with nothing committed before: no wait
    const lone = gc.submit(1);
    await tick();
    expect(s.batches).toEqual([[1]]);
    // two arrive while it is in flight (they gather behind it), then it commits: its caller is
    // expected back, so they wait for one more…
    const waiting = [gc.submit(2), gc.submit(3)];
    await tick();
    await release(s);
    expect(await lone).toBe(10);
    await vi.advanceTimersByTimeAsync(100);
    expect(s.batches).toHaveLength(1);
    // …which comes: the three go as one statement
    const back = gc.submit(4);
    await tick();
    expect(s.batches[1]).toEqual([2, 3, 4]);
    await release(s);
    expect(await Promise.all([...waiting, back])).toEqual([20, 30, 40]);
    // three callers answered: the loop's next three go together
    const next = [gc.submit(5), gc.submit(6)];
    await tick();
    expect(s.batches).toHaveLength(2);
    next.push(gc.submit(7));
    await tick();
    expect(s.batches[2]).toEqual([5, 6, 7]);
    await release(s);
    expect(await Promise.all(next)).toEqual([50, 60, 70]);
  });

  it('waits no longer than the window after the commit, and not at all long after it', async () => {
    const s = heldStatement();
    // a bound of 400 ms: the first window is half of it (twice a start of a quarter)
    const gc = new GroupCommit<number, number>(s.statement, users, { regather: 400 });
    const first = [gc.submit(1), gc.submit(2)];
    await tick();
    await release(s);
    await Promise.all(first);
    // one of the two callers comes back, the other never does
    const back = gc.submit(3);
    await vi.advanceTimersByTimeAsync(199);
    expect(s.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(s.batches[1]).toEqual([3]);
    await release(s);
    expect(await back).toBe(30);
    // long after the last commit an operation goes at once
    await vi.advanceTimersByTimeAsync(450);
    const late = gc.submit(4);
    await tick();
    expect(s.batches[2]).toEqual([4]);
    await release(s);
    await late;
  });
});
