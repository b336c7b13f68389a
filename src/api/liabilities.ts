import type { LiabilitySnapshotSummary } from '../../core/liabilities';
import { get } from './client';
import { http } from './http';

/**
 * Proof of liabilities (/api/liabilities/…; shapes in core/liabilities). The snapshots and their
 * anonymised leaf lists are public; a proof is the caller's own leaf only (token required).
 */
const q = { quiet: true } as const;

export const liabilitySnapshots = () => get<LiabilitySnapshotSummary[]>('/liabilities', {}, q);
/** the caller's proof as served: core's binary layout in base64url text (the worker decodes and checks it) */
export const myLiabilityProof = (id: number) => get<string>(`/liabilities/${id}/proof`, {}, q);
/** the anonymised leaf list as a file (a plain link: public, no token) */
export const liabilityLeavesUrl = (id: number): string => `${http.defaults.baseURL}/liabilities/${id}/leaves`;
