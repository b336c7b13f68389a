import type { NavigateFunction } from 'react-router-dom';
import { pathOf } from './paths';

/**
 * Back to where the user came from after a save; on a cold deep link (nothing to go back to in
 * this app) go to `fallback` instead of leaving the app.
 */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(pathOf(fallback), { replace: true });
}
