/**
 * Outcome proofs: each settled outcome recomputed from what decided it, by the same
 * core/ formula the server settled with. The server's `npm run verify` and the app's "how this was
 * settled" panel call these functions; a proof lists what it found wrong (empty = it matches).
 */

/** A price the feed printed: its per-symbol sequence number and time (ms). seq null: a candle's close. */
export interface ProofTick {
  price: string;
  seq: number | null;
  ts: number | null;
}

/** One thing a recomputation found different: which figure, what the rule gives and what is stored. */
export interface ProofProblem {
  what: string;
  expected: string;
  actual: string;
}

export interface Proof<T> {
  ok: boolean;
  expected: T;
  problems: ProofProblem[];
}

/** Compares decimal strings as numbers ("1.50" equals "1.5"). */
export function sameNumber(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  const norm = (v: string) => {
    const t = v.trim();
    if (!/^-?\d+(\.\d+)?$/.test(t)) return t;
    const [i, f = ''] = t.replace(/^-/, '').split('.');
    const int = i.replace(/^0+(?=\d)/, '');
    const frac = f.replace(/0+$/, '');
    const body = frac ? `${int}.${frac}` : int;
    return t.startsWith('-') && body !== '0' ? `-${body}` : body;
  };
  return norm(a) === norm(b);
}

export function proofOf<T>(expected: T, problems: ProofProblem[]): Proof<T> {
  return { ok: problems.length === 0, expected, problems };
}

/** Adds a problem when `actual` differs from `expected` (numbers compared by value). */
export function expectSame(
  problems: ProofProblem[],
  what: string,
  expected: string | null,
  actual: string | null,
): void {
  if (!sameNumber(expected, actual)) problems.push({ what, expected: expected ?? '—', actual: actual ?? '—' });
}
