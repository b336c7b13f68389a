/** The server's SHA-256 for the liabilities tree: node:crypto, synchronous (one call per node). */
import { createHash } from 'node:crypto';
import type { Hasher, SyncHasher } from '../../../../core';

export const sha256Sync: SyncHasher = (bytes) => createHash('sha256').update(bytes).digest();
export const sha256Async: Hasher = async (bytes) => sha256Sync(bytes);
