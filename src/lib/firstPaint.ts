import { afterNextPaint } from './idle';

/**
 * Resolves once the app's first screen has been painted (main.tsx calls `markFirstRender` after
 * React's first commit). Work the first screen does not need — the market worker and its socket —
 * waits for it, so it does not compete with the first paint on a slow phone.
 */
let resolve: () => void = () => undefined;
export const firstPaint: Promise<void> = new Promise<void>((r) => (resolve = r));

export function markFirstRender(): void {
  afterNextPaint(resolve);
}
