import { useEffect, useRef, useState } from 'react';

/** "02:59" until `atMs` on the server's clock (`skew` = server − device); "00:00" once passed. */
export function countdown(atMs: number, now: number, skew: number): string {
  const s = Math.max(0, Math.ceil((atMs - (now + skew)) / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A loader re-run every `ms` in the background while the page is open (the game's rounds move on their own). */
export function usePolling<T>(fn: () => Promise<T>, ms: number): { data: T | undefined; error: boolean; refresh: () => Promise<void> } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const refresh = useRef(async () => {
    try {
      setData(await fnRef.current());
      setError(false);
    } catch {
      setError(true);
    }
  }).current;
  useEffect(() => {
    void refresh();
    const id = setInterval(() => void refresh(), ms);
    return () => clearInterval(id);
  }, [ms, refresh]);
  return { data, error, refresh };
}

/** A time of day as the device writes it, with seconds (tick times). */
export const clockTime = (ms: number): string => new Date(ms).toLocaleTimeString(undefined, { hour12: false });
