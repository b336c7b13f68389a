/**
 * The conformance table's shared parts (WIRE.md): what a row is, how a family client
 * sends it (form-encoded strings, GET query, the raw token in Authorization, no Bearer), and the
 * world the rows run in. conformance.test.ts fills `w` in its beforeAll and runs every area's rows
 * in one table, in order: a row may name what an earlier row made (`w.made`).
 */
import { expect } from 'vitest';
import type { Kit } from '../../testing/trade-kit';

export type Fields = Record<string, string>;
export type Body = Record<string, unknown> & { type?: string; message?: unknown };
interface FamilyUser {
  id: number;
  token: string;
}

export interface World {
  k: Kit;
  alice: FamilyUser;
  /** an approved copy trader (follow/* rows) */
  trader: FamilyUser;
  /** NFT codes made for the /bind_box rows: a fixed-price item */
  nft: { code: string; id: number };
  /** a blind-box series on sale (pay_type 3) */
  nftBox: { code: string; id: number };
  url: string;
  /** ids made by earlier rows, for later rows that name them */
  made: Record<string, string>;
}
export const w = { made: {} } as unknown as World;

export interface Row {
  call: string;
  method: 'GET' | 'POST';
  path: string;
  /** a function when the call names something an earlier row made (its id) */
  fields: Fields | (() => Fields);
  /** false: sent without a token; a function: whose token (default alice's) */
  auth?: false | (() => FamilyUser);
  /** runs first (another user's action the row answers to, a queue to drain) */
  before?: () => Promise<void>;
  /** the fields the client reads, checked on the answer */
  check: (body: Body) => void | Promise<void>;
}

/** a family client's call: strings only, the raw token, the lang header; POST form / GET query */
export async function family(
  method: 'GET' | 'POST',
  path: string,
  fields: Fields,
  token: string | null,
): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = { lang: 'en', ...(token ? { authorization: token } : {}) };
  const qs = new URLSearchParams(fields).toString();
  const res =
    method === 'POST'
      ? await w.k.app.inject({
          method,
          url: `/api/${path}`,
          payload: qs,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        })
      : await w.k.app.inject({ method, url: `/api/${path}${qs ? `?${qs}` : ''}`, headers });
  return { status: res.statusCode, body: res.json() as Body };
}

export const num = /^-?\d+(\.\d+)?$/;
export type Msg = Record<string, unknown>;
export const obj = (v: unknown) => v as Msg;
export const arr = (v: unknown) => v as Msg[];
export const ok = (b: Body) => expect(b.type, JSON.stringify(b.message)).toBe('ok');
export const USDT = 4;
