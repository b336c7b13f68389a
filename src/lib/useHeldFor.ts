import { useEffect, useState } from 'react';

/**
 * `on`, but only once it has stayed on for `ms`; off at once. For "loading…" notes: a load that
 * answers quickly (a chart whose history the worker already holds) shows no note, so nothing
 * flashes and the mounting frame does not lay one out.
 */
export function useHeldFor(on: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) {
      setHeld(false);
      return;
    }
    const id = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(id);
  }, [on, ms]);
  return on && held;
}
