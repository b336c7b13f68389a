import { useCallback, useEffect, useRef, useState } from 'react';
import { latestWins } from '../../lib/latestWins';

export interface Loaded<T> {
  data: T | undefined;
  error: boolean;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads once on mount (and when `deps` change); pages render skeleton / error / data from it. */
export function useLoad<T>(fn: () => Promise<T>, deps: readonly unknown[] = []): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(true);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const ticket = useRef(latestWins()).current;
  const reload = useCallback(async () => {
    const current = ticket();
    setLoading(true);
    try {
      const d = await fnRef.current();
      if (!current()) return;
      setData(d);
      setError(false);
    } catch {
      if (current()) setError(true);
    } finally {
      if (current()) setLoading(false);
    }
  }, [ticket]);
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { data, error, loading, reload };
}
