/**
 * The proof as served: one versioned binary layout (docs/liabilities.md, "The proof file"), carried
 * as base64url text. Integers are big-endian; an amount is a length byte (0–16) and that many bytes
 * of its value with no leading zero byte, so a proof of 1,000,000 users × 5 coins is about 1.7 KB.
 * Decoding is strict (each proof has exactly one encoding): a short, long or malformed input is
 * refused with the byte offset and what was expected there. Nothing here checks hashes: verify.ts does.
 */
import { HASH_BYTES, SALT_BYTES, UINT128_LIMIT, fromHex, toHex, utf8Bytes } from './encoding';
import { fromBase64url, toBase64url } from './base64url';
import type { Bytes, LiabilityCoin, LiabilityPathStep, LiabilityProof, LiabilitySnapshotSummary } from './types';

/** "PoL" then the layout version */
export const PROOF_MAGIC = [0x50, 0x6f, 0x4c, 0x01] as const;
const MAX_AMOUNT_BYTES = 16;
const SIDE_R = 0x00;
const SIDE_L = 0x01;
const UINT64_LIMIT = 1n << 64n;

/** a proof's bytes or text that is not a well-formed proof */
export class ProofFormatError extends Error {}

/** strict UTF-8 → string: decodeURIComponent throws on any ill-formed sequence (overlong, surrogate, cut) */
function utf8Text(bytes: Uint8Array): string {
  let escaped = '';
  for (const b of bytes) escaped += `%${b.toString(16).padStart(2, '0')}`;
  return decodeURIComponent(escaped);
}

class Writer {
  private buf = new Uint8Array(2048);
  private len = 0;
  private view = new DataView(this.buf.buffer);

  private room(n: number): number {
    if (this.len + n > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
      next.set(this.buf);
      this.buf = next;
      this.view = new DataView(next.buffer);
    }
    const at = this.len;
    this.len += n;
    return at;
  }
  u8(v: number, what: string): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xff) throw new ProofFormatError(`${what} ${v} does not fit one byte`);
    this.buf[this.room(1)] = v;
  }
  u32(v: number, what: string): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff)
      throw new ProofFormatError(`${what} ${v} does not fit 32 bits`);
    this.view.setUint32(this.room(4), v);
  }
  i64(v: bigint): void {
    this.view.setBigInt64(this.room(8), v);
  }
  u64(v: bigint, what: string): void {
    if (v < 0n || v >= UINT64_LIMIT) throw new ProofFormatError(`${what} ${v} does not fit 64 bits`);
    this.view.setBigUint64(this.room(8), v);
  }
  bytes(b: Uint8Array): void {
    this.buf.set(b, this.room(b.length));
  }
  hash(hex: string, what: string): void {
    try {
      this.bytes(fromHex(hex, HASH_BYTES));
    } catch {
      throw new ProofFormatError(`${what} is not 32 bytes of hex`);
    }
  }
  text(s: string, what: string): void {
    const b = utf8Bytes(s);
    let back: string | undefined;
    try {
      back = utf8Text(b);
    } catch {
      // a lone surrogate: utf8Bytes gives bytes no decoder accepts
    }
    if (back !== s) throw new ProofFormatError(`${what} is not well-formed Unicode`);
    this.u8(b.length, `${what}'s UTF-8 length`);
    this.bytes(b);
  }
  /** an amount: a length byte, then the value's bytes without leading zeros (zero is the length 0 alone) */
  amount(s: string, what: string): void {
    if (!/^\d+$/.test(s)) throw new ProofFormatError(`${what} is not a non-negative integer: ${JSON.stringify(s)}`);
    let v = BigInt(s);
    if (v >= UINT128_LIMIT) throw new ProofFormatError(`${what} does not fit 128 bits: ${s}`);
    const digits: number[] = [];
    for (; v > 0n; v >>= 8n) digits.unshift(Number(v & 0xffn));
    this.u8(digits.length, `${what}'s length`);
    this.bytes(Uint8Array.from(digits));
  }
  done(): Bytes {
    return this.buf.slice(0, this.len);
  }
}

class Reader {
  private at = 0;
  private readonly view: DataView;
  constructor(private readonly b: Uint8Array) {
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }
  private take(n: number, what: string): number {
    if (this.at + n > this.b.length)
      throw new ProofFormatError(
        `the proof ends at byte ${this.b.length}, inside ${what} (${n} bytes from byte ${this.at})`,
      );
    const at = this.at;
    this.at += n;
    return at;
  }
  u8(what: string): number {
    return this.b[this.take(1, what)];
  }
  u32(what: string): number {
    return this.view.getUint32(this.take(4, what));
  }
  i64(what: string): bigint {
    return this.view.getBigInt64(this.take(8, what));
  }
  u64(what: string): bigint {
    return this.view.getBigUint64(this.take(8, what));
  }
  hash(what: string): string {
    return toHex(this.b, this.take(HASH_BYTES, what), HASH_BYTES);
  }
  raw(n: number, what: string): Uint8Array {
    const at = this.take(n, what);
    return this.b.subarray(at, at + n);
  }
  text(what: string): string {
    const n = this.u8(`${what}'s length`);
    const start = this.at;
    const bytes = this.raw(n, what);
    try {
      return utf8Text(bytes);
    } catch {
      throw new ProofFormatError(`${what} at byte ${start} is not UTF-8`);
    }
  }
  amount(what: string): string {
    const start = this.at;
    const n = this.u8(`${what}'s length`);
    if (n > MAX_AMOUNT_BYTES)
      throw new ProofFormatError(`${what} at byte ${start} is ${n} bytes long; an amount has at most 16`);
    const bytes = this.raw(n, what);
    if (n > 0 && bytes[0] === 0) throw new ProofFormatError(`${what} at byte ${start} has a leading zero byte`);
    let v = 0n;
    for (const x of bytes) v = (v << 8n) | BigInt(x);
    return v.toString();
  }
  end(): void {
    if (this.at !== this.b.length)
      throw new ProofFormatError(`${this.b.length - this.at} byte(s) after the end of the proof, from byte ${this.at}`);
  }
}

function writeSnapshot(w: Writer, s: LiabilitySnapshotSummary): void {
  const ms = Date.parse(s.takenAt);
  if (!Number.isFinite(ms)) throw new ProofFormatError(`takenAt is not a time: ${s.takenAt}`);
  w.u32(s.id, 'snapshot id');
  w.i64(BigInt(ms));
  if (!/^\d+$/.test(s.journalId)) throw new ProofFormatError(`journal id is not an integer: ${s.journalId}`);
  w.u64(BigInt(s.journalId), 'journal id');
  w.u32(s.leafCount, 'leaf count');
  w.hash(s.rootHash, 'root hash');
  w.u8(s.coins.length, 'coin count');
  for (const c of s.coins) {
    w.text(c.symbol, 'coin symbol');
    w.u8(c.decimals, `${c.symbol} decimals`);
  }
  if (s.totals.length !== s.coins.length) throw new ProofFormatError('one total per coin is needed');
  s.totals.forEach((v, j) => w.amount(v, `total ${j}`));
}

function readSnapshot(r: Reader): LiabilitySnapshotSummary {
  const id = r.u32('snapshot id');
  const ms = r.i64('taken-at time');
  const takenAt = new Date(Number(ms));
  if (Number.isNaN(takenAt.getTime())) throw new ProofFormatError(`taken-at ${ms} ms is not a time`);
  const journalId = r.u64('journal id').toString();
  const leafCount = r.u32('leaf count');
  const rootHash = r.hash('root hash');
  const k = r.u8('coin count');
  const coins: LiabilityCoin[] = [];
  for (let j = 0; j < k; j++) coins.push({ symbol: r.text(`coin ${j} symbol`), decimals: r.u8(`coin ${j} decimals`) });
  const totals = coins.map((_, j) => r.amount(`total ${j}`));
  return { id, rootHash, coins, totals, takenAt: takenAt.toISOString(), journalId, leafCount };
}

/** the proof in its binary layout; throws ProofFormatError on anything the layout cannot hold */
export function encodeProof(proof: LiabilityProof): Bytes {
  const w = new Writer();
  const k = proof.snapshot.coins.length;
  PROOF_MAGIC.forEach((b) => w.u8(b, 'magic'));
  writeSnapshot(w, proof.snapshot);
  const { leaf } = proof;
  w.u32(leaf.index, 'leaf index');
  w.text(leaf.userId, 'user id');
  try {
    w.bytes(fromHex(leaf.salt, SALT_BYTES));
  } catch {
    throw new ProofFormatError('the salt is not 32 bytes of hex');
  }
  w.hash(leaf.hash, 'leaf hash');
  if (leaf.balances.length !== k) throw new ProofFormatError('one leaf balance per coin is needed');
  leaf.balances.forEach((v, j) => w.amount(v, `leaf balance ${j}`));
  w.u8(proof.path.length, 'step count');
  proof.path.forEach((step, i) => {
    w.u8(step.side === 'L' ? SIDE_L : SIDE_R, `step ${i} side`);
    w.hash(step.hash, `step ${i} sibling hash`);
    if (step.sums.length !== k) throw new ProofFormatError(`step ${i}: one sibling sum per coin is needed`);
    step.sums.forEach((v, j) => w.amount(v, `step ${i} sibling sum ${j}`));
  });
  return w.done();
}

/** the proof from its binary layout; throws ProofFormatError naming the byte where it goes wrong */
export function decodeProof(bytes: Uint8Array): LiabilityProof {
  const r = new Reader(bytes);
  PROOF_MAGIC.forEach((b, i) => {
    if (r.u8('the magic "PoL" and version') !== b)
      throw new ProofFormatError(
        i < 3 ? 'not a liabilities proof (it does not start with "PoL")' : `proof layout version ${bytes[3]} is not 1`,
      );
  });
  const snapshot = readSnapshot(r);
  const k = snapshot.coins.length;
  const index = r.u32('leaf index');
  const userId = r.text('user id');
  const salt = toHex(r.raw(SALT_BYTES, 'salt'));
  const hash = r.hash('leaf hash');
  const balances = Array.from({ length: k }, (_, j) => r.amount(`leaf balance ${j}`));
  const n = r.u8('step count');
  const path: LiabilityPathStep[] = [];
  for (let i = 0; i < n; i++) {
    const side = r.u8(`step ${i} side`);
    if (side !== SIDE_L && side !== SIDE_R) throw new ProofFormatError(`step ${i}: side byte ${side} is not 0 or 1`);
    const sib = r.hash(`step ${i} sibling hash`);
    const sums = Array.from({ length: k }, (_, j) => r.amount(`step ${i} sibling sum ${j}`));
    path.push({ side: side === SIDE_L ? 'L' : 'R', hash: sib, sums });
  }
  r.end();
  return { snapshot, leaf: { index, userId, salt, balances, hash }, path };
}

/** the served text: base64url (no padding) of encodeProof */
export function encodeProofText(proof: LiabilityProof): string {
  return toBase64url(encodeProof(proof));
}

/** from the served text (surrounding whitespace allowed) */
export function decodeProofText(text: string): LiabilityProof {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64url(text.trim());
  } catch (e) {
    throw new ProofFormatError(`the proof is not base64url text: ${(e as Error).message}`);
  }
  return decodeProof(bytes);
}
