import { useState } from 'react';
import { toastSuccess } from '../../lib/toast';

/** One loan action at a time: `pending` while it runs, a success toast, then the data read again (the client toasts a refusal). */
export function useAction(reload: () => unknown): { pending: boolean; run: (fn: () => Promise<unknown>, done: string) => Promise<boolean> } {
  const [pending, setPending] = useState(false);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await fn();
      toastSuccess(done);
      return true;
    } catch {
      return false;
    } finally {
      setPending(false);
      void reload();
    }
  };
  return { pending, run };
}
