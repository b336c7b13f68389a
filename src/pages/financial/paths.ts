import type { LockKind } from '../../../core';

/**
 * The spec lists DeFi and cloud mining as Home entries without pages of their own; they are
 * lock-mining products of those kinds (core LOCK_KINDS), so one page lists them, filtered by kind.
 */
export function lockmingPath(kind: LockKind): string {
  return kind === 'lock' ? '/pages/lockming/lockming' : `/pages/lockming/lockming?kind=${kind}`;
}
