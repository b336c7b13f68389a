import type { Db } from './schema';

/**
 * One product's outcome checker for `npm run verify`: it recomputes every settled outcome
 * of its product from the stored ticks and rules with the same `core/` function the server used, and
 * says for each one whether the stored result matches. Areas export one; `server/verify/index.ts`
 * lists them.
 */
export interface VerifyRow {
  /** the order / round / draw id, as the product's records name it */
  id: string;
  ok: boolean;
  /** what the recomputation gave and what is stored, when they differ (plain words and figures) */
  expected?: string;
  actual?: string;
}

export interface OutcomeChecker {
  /** the product's name in the printed table, e.g. "seconds options" */
  product: string;
  check(db: Db): Promise<VerifyRow[]>;
}
