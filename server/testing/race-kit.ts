/**
 * The 50-way race tests' helpers: fire many API calls at once through the app (app.inject, the same
 * routes and plugins as real HTTP), and fail on what a user would notice as a fault — a 5xx, or an
 * answer that leaks a deadlock or serialization failure — and on a journal that no longer sums to
 * the balances.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { checkJournalConsistency } from '../db/ledger';
import { form, type TestApp } from './app';
import type { TestUser } from './funds-kit';
import { createSession } from '../auth/sessions';
import { hashPassword } from '../auth/passwords';

export interface Answer {
  status: number;
  type: string;
  message: unknown;
}

export type Call = () => Promise<LightMyRequestResponse | Answer>;

const FAULT = /deadlock|could not serialize|40P01|40001/i;

function answerOf(r: LightMyRequestResponse | Answer): Answer {
  if (!('statusCode' in r)) return r;
  let body: { type?: string; message?: unknown };
  try {
    body = r.json();
  } catch {
    body = { type: 'fault', message: r.body };
  }
  return { status: r.statusCode, type: String(body.type ?? 'fault'), message: body.message };
}

/** Runs every call at once; asserts none answered 5xx nor spoke of a deadlock; returns the answers. */
export async function race(calls: Call[]): Promise<Answer[]> {
  const out = (await Promise.all(calls.map((c) => c()))).map(answerOf);
  const faults = out.filter((a) => a.status >= 500 || FAULT.test(JSON.stringify(a.message ?? '')));
  expect(faults, 'no 5xx and no deadlock under the race').toEqual([]);
  return out;
}

/** A form POST as the app's pages send it, with a customer's or an operator's token. */
export function postAs(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  fields: Record<string, string | number | undefined> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
  });
}

/** A job pass or other in-process step, as a race participant (its throw is a fault). */
export const step =
  (f: () => Promise<unknown>): Call =>
  async () => {
    try {
      return { status: 200, type: 'ok', message: await f() };
    } catch (e) {
      return { status: 500, type: 'fault', message: String(e) };
    }
  };

export const oks = (answers: Answer[]) => answers.filter((a) => a.type === 'ok').length;

/** Journal sums equal the balances (every account, the platform's too). */
export async function journalSound(db: Kysely<Database>): Promise<void> {
  expect(await checkJournalConsistency(db)).toEqual([]);
}

let quick = 0;
/**
 * `n` users with a session each, written directly (a race needs many users; registering each through
 * the API costs three password hashes apiece). `payPassword`: one hash, shared by all of them.
 */
export async function quickUsers(
  t: TestApp,
  n: number,
  opts: { level?: number; payPassword?: string } = {},
): Promise<TestUser[]> {
  const payHash = opts.payPassword ? await hashPassword(opts.payPassword) : null;
  const stamp = `${process.pid}x${Date.now() % 1e7}`;
  const rows = await t.app.db
    .insertInto('users')
    .values(
      Array.from({ length: n }, () => {
        const name = `q${++quick}x${stamp}`;
        return {
          email: `${name}@example.com`,
          password_hash: '!',
          invite_code: randomBytes(6).toString('hex').toUpperCase(),
          level: opts.level ?? 0,
          pay_password_hash: payHash,
        };
      }),
    )
    .returning(['id', 'email'])
    .execute();
  return Promise.all(
    rows.map(async (r) => ({ id: r.id, email: r.email ?? '', token: await createSession(t.app.db, r.id) })),
  );
}

/** Polls until `check` holds (a race step that must land after some of the burst has committed). */
export async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('the burst never got that far');
    await new Promise((r) => setTimeout(r, 5));
  }
}
