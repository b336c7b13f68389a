/** The liabilities area's door: what other areas, the verifier and the tests may use. */
export { takeSnapshot, type SnapshotMeta } from './snapshot';
export { listSnapshots, getSnapshot } from './summary';
export { proofFor, leafList } from './proofs';
export { sha256Sync, sha256Async } from './hash';
export { liabilitiesChecker } from '../verify';
