/**
 * Layout reads that many components need in the same commit, done together: every queued read
 * runs first (one layout, on the DOM all of them inserted), then every write. A list's rows that
 * each insert a node and then measure force one layout per row; batched, the first read lays out
 * and the rest are free (Markets' first commit measured its rows one by one).
 *
 * Flushed in a microtask: after the commit's layout effects (all the rows' insertions), before the
 * browser paints.
 */
interface Job<T> {
  read: () => T;
  write: (value: T) => void;
}

let queue: Job<unknown>[] = [];

function flush(): void {
  const jobs = queue;
  queue = [];
  const values = jobs.map((j) => j.read());
  jobs.forEach((j, i) => j.write(values[i]));
}

/** Queue `read` (layout reads only) and `write` (may touch the DOM); returns a cancel for an unmount before the flush. */
export function batchLayoutRead<T>(read: () => T, write: (value: T) => void): () => void {
  const job: Job<T> = { read, write };
  if (queue.length === 0) queueMicrotask(flush);
  queue.push(job as Job<unknown>);
  return () => {
    const i = queue.indexOf(job as Job<unknown>);
    if (i >= 0) queue.splice(i, 1);
  };
}
