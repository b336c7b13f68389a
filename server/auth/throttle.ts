/**
 * Brute-force protection that cannot be aimed at a user: failed credential checks are counted per
 * (kind, subject, source) — the rules and their numbers are in throttle-rules.ts, the why in
 * docs/security.md. The state lives in the database (auth_throttle), so every api node sees the
 * same counts and a restart forgets nothing; it holds instants, never timers.
 *
 * Failures are counted when they happen, not when an attempt starts: counting up front would slow
 * a user's own parallel requests (e.g. several withdrawals at once). A burst of parallel guesses
 * from one source can therefore overrun its free failures once; the per-IP limits on every
 * credential path (http/auth.ts credentialLimit) bound that burst.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessageKey } from '../errors';
import { AppError } from '../errors';
import { addNotice } from '../db/notices';
import { inTransaction } from '../db/tx';
import {
  failed,
  RULES,
  spent,
  underAttack,
  verdict,
  type AttemptKind,
  type BudgetState,
  type Caller,
  type SourceState,
} from './throttle-rules';

export type { AttemptKind, Caller } from './throttle-rules';

/** The subject's budget row: its source key. */
const BUDGET = '*';

/** "Wait n seconds": in the user's language, with the seconds for a Retry-After header. */
function waitError(ms: number): AppError {
  return new AppError('auth_wait', { seconds: Math.max(1, Math.ceil(ms / 1000)) });
}

export interface Attempt {
  /** the secret was right: this source's count starts over */
  succeed(): Promise<void>;
  /** the secret was wrong: counted for this source (and, untrusted, against the subject's budget) */
  fail(): Promise<void>;
}

/** Called once when untrusted failures exhaust a subject's budget, e.g. to tell the account holder. */
export type OnAttack = () => Promise<void>;

type Key = { kind: AttemptKind; subject: string };

interface Row {
  source: string;
  failures: number;
  next_at: Date;
  first_seen: Date;
  updated_at: Date;
}

const toSource = (r: Row | undefined): SourceState | undefined =>
  r && {
    failures: r.failures,
    nextAt: r.next_at.getTime(),
    firstSeen: r.first_seen.getTime(),
    updatedAt: r.updated_at.getTime(),
  };
const toBudget = (r: Row | undefined): BudgetState | undefined =>
  r && { failures: r.failures, windowStart: r.first_seen.getTime() };

function keyOf(kind: AttemptKind, subject: string): Key {
  return { kind, subject: subject.slice(0, 200) };
}

async function readRows(db: Kysely<Database>, key: Key, source: string, lock: boolean): Promise<Row[]> {
  let q = db
    .selectFrom('auth_throttle')
    .select(['source', 'failures', 'next_at', 'first_seen', 'updated_at'])
    .where('kind', '=', key.kind)
    .where('subject', '=', key.subject)
    .where('source', 'in', [source, BUDGET]);
  if (lock) q = q.forUpdate();
  return q.execute();
}

/**
 * Starts an attempt at `kind` on `subject` by `caller`; throws auth_wait (saying how long) when an
 * attempt from this source does not count yet — the secret is then not even checked.
 */
export async function beginAttempt(
  db: Kysely<Database>,
  kind: AttemptKind,
  subject: string,
  caller: Caller,
  onAttack?: OnAttack,
): Promise<Attempt> {
  const key = keyOf(kind, subject);
  const rule = RULES[kind];
  const now = caller.now();
  const rows = await readRows(db, key, caller.source, false);
  const v = verdict(
    rule,
    toSource(rows.find((r) => r.source === caller.source)),
    toBudget(rows.find((r) => r.source === BUDGET)),
    caller.trusted,
    now,
  );
  if (v.remember) await remember(db, key, caller.source, now);
  if (v.waitMs > 0) throw waitError(v.waitMs);
  // Now and then, not on a timer: the table only grows through failures.
  if (Math.random() < 0.01) void pruneAttempts(db, now).catch(() => undefined);
  return {
    async succeed() {
      await db
        .deleteFrom('auth_throttle')
        .where('kind', '=', key.kind)
        .where('subject', '=', key.subject)
        .where('source', '=', caller.source)
        .execute();
    },
    async fail() {
      if (await recordFailure(db, key, caller, caller.now())) await onAttack?.();
    },
  };
}

/** A source first seen while its subject is under attack: its stranger's wait runs from now. */
async function remember(db: Kysely<Database>, key: Key, source: string, now: number): Promise<void> {
  const at = new Date(now);
  await db
    .insertInto('auth_throttle')
    .values({ ...key, source, failures: 0, next_at: at, first_seen: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'subject', 'source'])
        .doUpdateSet({ failures: 0, next_at: at, first_seen: at, updated_at: at }),
    )
    .execute();
}

async function upsert(
  db: Kysely<Database>,
  key: Key,
  source: string,
  s: { failures: number; nextAt: number; firstSeen: number; updatedAt: number },
): Promise<void> {
  const row = {
    failures: s.failures,
    next_at: new Date(s.nextAt),
    first_seen: new Date(s.firstSeen),
    updated_at: new Date(s.updatedAt),
  };
  await db
    .insertInto('auth_throttle')
    .values({ ...key, source, ...row })
    .onConflict((oc) => oc.columns(['kind', 'subject', 'source']).doUpdateSet(row))
    .execute();
}

/** One more failure, atomically (rows locked); true when it used up the subject's budget. */
async function recordFailure(db: Kysely<Database>, key: Key, caller: Caller, now: number): Promise<boolean> {
  const rule = RULES[key.kind];
  return inTransaction(db, async (trx) => {
    // Both rows exist before they are locked, so two first failures cannot both insert.
    const blank = new Date(0);
    await trx
      .insertInto('auth_throttle')
      .values(
        [caller.source, BUDGET].map((source) => ({
          ...key,
          source,
          failures: 0,
          next_at: blank,
          first_seen: new Date(now),
          updated_at: blank,
        })),
      )
      .onConflict((oc) => oc.columns(['kind', 'subject', 'source']).doNothing())
      .execute();
    const rows = await readRows(trx, key, caller.source, true);
    const budget = toBudget(rows.find((r) => r.source === BUDGET));
    const attacked = !caller.trusted && underAttack(rule, budget, now);
    await upsert(
      trx,
      key,
      caller.source,
      failed(rule, toSource(rows.find((r) => r.source === caller.source)), attacked, now),
    );
    if (caller.trusted) return false;
    const after = spent(rule, budget && budget.failures > 0 ? budget : undefined, now);
    await upsert(trx, key, BUDGET, {
      failures: after.failures,
      nextAt: 0,
      firstSeen: after.windowStart,
      updatedAt: now,
    });
    return after.failures === rule.budget;
  });
}

/** An OnAttack that leaves the user a security notice: someone is guessing `what`; strangers are slowed. */
export function noticeAttack(db: Kysely<Database>, userId: number, what: MessageKey): OnAttack {
  return () =>
    addNotice(db, {
      userId,
      kind: 'security',
      title: 'notice_locked_title',
      body: 'notice_throttled_body',
      params: { what },
    });
}

/** Forgotten rows (a day untouched) are deleted now and then so the table stays small. */
async function pruneAttempts(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('auth_throttle')
    .where('updated_at', '<', new Date(now - 86_400_000))
    .execute();
}
