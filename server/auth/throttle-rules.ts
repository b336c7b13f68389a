/**
 * The throttle's rules and arithmetic, without storage (auth/throttle.ts keeps the state).
 *
 * Failures are counted per (kind, subject, source): subject is what is guessed at (an account, a
 * code's target, a user's payment password), source who guesses (an address, a signed known
 * device, a session). A source's own failures earn it growing waits; they never stop another
 * source. Across sources each subject has a budget of failures from untrusted sources per window:
 * past it the subject is "under attack" and every untrusted source waits `strangerWaitMs` once
 * before its first attempt counts, and earns waits from its first failure. Nothing ever refuses
 * a trusted source (a device that signed in before) because of other sources' failures, and an
 * untrusted source that has not failed waits at most `strangerWaitMs`.
 */

export type AttemptKind = 'login' | 'operator_login' | 'operator_address' | 'pay_password' | 'ga' | 'code';

export interface ThrottleRule {
  /** failures of one source answered without a wait; the next ones wait */
  free: number;
  /** the wait after the `free`-th failure; doubles with each further one, up to maxMs */
  baseMs: number;
  maxMs: number;
  /** failures of untrusted sources per subject in `windowMs` before the subject is under attack */
  budget: number;
  windowMs: number;
  /** under attack: how long an untrusted source not seen before waits before its first attempt counts */
  strangerWaitMs: number;
  /** a source's failures this old are forgotten */
  forgetMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const GUESS: ThrottleRule = {
  free: 5,
  baseMs: 2 * SECOND,
  maxMs: 15 * MINUTE,
  budget: 20,
  windowMs: HOUR,
  strangerWaitMs: 30 * SECOND,
  forgetMs: 24 * HOUR,
};

export const RULES: Record<AttemptKind, ThrottleRule> = {
  login: GUESS,
  operator_login: GUESS,
  // One address against every operator name: no budget across addresses, only its own waits.
  operator_address: {
    free: 10,
    baseMs: 5 * SECOND,
    maxMs: HOUR,
    budget: Infinity,
    windowMs: HOUR,
    strangerWaitMs: 0,
    forgetMs: HOUR,
  },
  pay_password: GUESS,
  ga: GUESS,
  code: GUESS,
};

/** The state of one (kind, subject, source); times in ms since the epoch. */
export interface SourceState {
  failures: number;
  /** no attempt from this source counts before this instant */
  nextAt: number;
  firstSeen: number;
  updatedAt: number;
}

/** The subject's failures from untrusted sources in the window that began at windowStart. */
export interface BudgetState {
  failures: number;
  windowStart: number;
}

/** Who is trying: a source key and whether it is a known device of the account tried. */
export interface Caller {
  source: string;
  trusted: boolean;
  now: () => number;
}

/** A remembered source, or undefined once its failures are forgotten. */
function live(rule: ThrottleRule, s: SourceState | undefined, now: number): SourceState | undefined {
  return s && now - s.updatedAt <= rule.forgetMs ? s : undefined;
}

export function underAttack(rule: ThrottleRule, b: BudgetState | undefined, now: number): boolean {
  return !!b && b.failures >= rule.budget && now - b.windowStart < rule.windowMs;
}

/** The wait after `failures` consecutive failures of one source (0: none). */
export function waitAfter(rule: ThrottleRule, failures: number, attacked: boolean): number {
  const free = attacked ? 1 : rule.free;
  return failures < free ? 0 : Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - free));
}

export interface Verdict {
  /** ms before an attempt from this source counts (0: now) */
  waitMs: number;
  /** the source is new to a subject under attack: remember it so its wait runs from now */
  remember: boolean;
}

/** Whether an attempt now counts, or how long the source must wait first. */
export function verdict(
  rule: ThrottleRule,
  src: SourceState | undefined,
  budget: BudgetState | undefined,
  trusted: boolean,
  now: number,
): Verdict {
  const s = live(rule, src, now);
  if (s && s.nextAt > now) return { waitMs: s.nextAt - now, remember: false };
  if (trusted || !underAttack(rule, budget, now)) return { waitMs: 0, remember: false };
  if (!s) return { waitMs: rule.strangerWaitMs, remember: rule.strangerWaitMs > 0 };
  const left = s.firstSeen + rule.strangerWaitMs - now;
  return { waitMs: Math.max(0, left), remember: false };
}

/** The source's state after one more failure. */
export function failed(rule: ThrottleRule, src: SourceState | undefined, attacked: boolean, now: number): SourceState {
  const s = live(rule, src, now);
  const failures = (s?.failures ?? 0) + 1;
  return {
    failures,
    nextAt: now + waitAfter(rule, failures, attacked),
    firstSeen: s?.firstSeen ?? now,
    updatedAt: now,
  };
}

/** The subject's budget after one more untrusted failure. */
export function spent(rule: ThrottleRule, b: BudgetState | undefined, now: number): BudgetState {
  return b && now - b.windowStart < rule.windowMs
    ? { failures: b.failures + 1, windowStart: b.windowStart }
    : { failures: 1, windowStart: now };
}
