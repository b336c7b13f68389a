// Proof of liabilities: the Merkle-sum tree, its byte encoding, proofs and their verification.
export * from './types';
export * from './units';
export {
  AMOUNT_BYTES,
  AmountRangeError,
  COMMIT_PREFIX,
  HASH_BYTES,
  SALT_BYTES,
  UINT128_LIMIT,
  commitmentInput,
  fromHex,
  leafInput,
  readUint128,
  toHex,
  utf8Bytes,
  writeUint128,
} from './encoding';
export * from './tree';
export * from './verify';
export * from './leaf';
export * from './proof-bytes';
export { fromBase64url, toBase64url } from './base64url';
