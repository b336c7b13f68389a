/** One input of a settlement: a price with its time and tick, a level, a seed… */
export interface ProofFact {
  label: string;
  value: string;
  /** e.g. "2026-11-25 19:20:03 · tick #1234" */
  meta?: string;
}

/** What the panel shows: the rule in words, the inputs, the arithmetic, and whether the page's recomputation matches. */
export interface ProofView {
  rule: string;
  facts: ProofFact[];
  steps: string[];
  /** null: nothing to recompute yet (a sealed blind-box series): `note` says why */
  ok: boolean | null;
  note?: string;
}
