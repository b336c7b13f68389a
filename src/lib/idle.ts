/** Runs `fn` when the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(fn: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 50);
  return () => clearTimeout(id);
}

/**
 * Runs `fn` in a task after the next frame has been produced (a requestAnimationFrame callback
 * runs before the frame is drawn; the task it queues runs after). For work that must not delay a
 * frame already due, such as a re-render that changes nothing visible in it.
 */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * Resolves in a later task, so the work after it does not lengthen the current one (a task over
 * 50 ms on a slow phone's main thread is blocking time). `scheduler.yield()` where there is one: it
 * resumes ahead of other queued work, so yielding costs little delay.
 */
export function nextTask(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((r) => setTimeout(r, 0));
}
