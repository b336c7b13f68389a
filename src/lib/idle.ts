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
