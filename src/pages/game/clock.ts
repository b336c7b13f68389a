import { useEffect, useRef, useState } from 'react';

/** "02:59" until `atMs` on the server's clock (`skew` = server − device); "00:00" once passed. */
export function countdown(atMs: number, now: number, skew: number): string {
  const s = Math.max(0, Math.ceil((atMs - (now + skew)) / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A loader re-run in the background while the page is open (the game's rounds move on their own):
 * every `ms`, and once more just after the next instant `nextAt(data)` names (a lock or a close, on
 * the device's clock), so a round moves on screen when it moves on the server without polling fast.
 * `receivedAt` is the device time of the last answer (for the server-clock skew).
 */
export function usePolling<T>(
  fn: () => Promise<T>,
  ms: number,
  nextAt?: (data: T, receivedAt: number) => number | null,
): { data: T | undefined; receivedAt: number; error: boolean; refresh: () => Promise<void> } {
  const [state, setState] = useState<{ data: T | undefined; receivedAt: number; error: boolean }>({
    data: undefined,
    receivedAt: 0,
    error: false,
  });
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const refresh = useRef(async () => {
    try {
      const data = await fnRef.current();
      setState({ data, receivedAt: Date.now(), error: false });
    } catch {
      setState((s) => ({ ...s, error: true }));
    }
  }).current;
  useEffect(() => {
    void refresh();
    const id = setInterval(() => void refresh(), ms);
    return () => clearInterval(id);
  }, [ms, refresh]);
  const next = state.data !== undefined && nextAt ? nextAt(state.data, state.receivedAt) : null;
  useEffect(() => {
    if (next === null) return;
    const id = setTimeout(() => void refresh(), Math.max(300, next - Date.now() + 700));
    return () => clearTimeout(id);
  }, [next, refresh]);
  return { ...state, refresh };
}

/** A time of day as the device writes it, with seconds (tick times). */
export const clockTime = (ms: number): string => new Date(ms).toLocaleTimeString(undefined, { hour12: false });
