import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PATHS } from '../../../nav/paths';
import { session } from '../../../stores/session';

export interface OrderFormState {
  token: string;
  /** errors show once the user tried to submit (or left a filled box) */
  touched: boolean;
  setTouched: (v: boolean) => void;
  confirming: boolean;
  setConfirming: (v: boolean) => void;
  pending: boolean;
  /** true when logged in; otherwise goes to the login page */
  signedIn: () => boolean;
  /**
   * Runs the order request with the form pending. The client has already shown a refused
   * request's message: the error is swallowed (input kept for another try) unless `rethrow` says so.
   */
  send: (request: () => Promise<void>, rethrow?: (e: unknown) => boolean) => Promise<void>;
}

/** What every order form holds besides its fields: login gate, touched, the confirm sheet, the pending request. */
export function useOrderForm(): OrderFormState {
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const signedIn = () => {
    if (!token) navigate(PATHS.login);
    return !!token;
  };
  const send = async (request: () => Promise<void>, rethrow?: (e: unknown) => boolean) => {
    setPending(true);
    try {
      await request();
    } catch (e) {
      if (rethrow?.(e)) throw e;
    } finally {
      setPending(false);
    }
  };
  return { token, touched, setTouched, confirming, setConfirming, pending, signedIn, send };
}
