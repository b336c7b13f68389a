import { useState } from 'react';

/**
 * A submission in flight. `run` marks it pending until the call settles; a failed call was already
 * toasted by the api client (its reason, or the way to verification), so the form just keeps its values.
 */
export function usePending(): [pending: boolean, run: (submit: () => Promise<void>) => Promise<void>] {
  const [pending, setPending] = useState(false);
  const run = async (submit: () => Promise<void>) => {
    setPending(true);
    try {
      await submit();
    } catch {
      /* toasted by the api client */
    } finally {
      setPending(false);
    }
  };
  return [pending, run];
}
