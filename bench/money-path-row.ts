import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One summary row of a money path at the ledger, for `npm run bench`'s ledger part (bench/run.ts):
 * its best round on the group commit against its best round on the path it took before, same run.
 */
export interface MoneyPathRow {
  figure: string;
  ours: number;
  baseline: number;
  ratio: number;
  goal: string;
}

/** The row of runs named `ours…` against `before…` (best round of each). */
export function moneyPathRow(figure: string, runs: { name: string; perS: number }[], goal = '≥ 2,000/s'): MoneyPathRow {
  const best = (prefix: string) => Math.max(0, ...runs.filter((r) => r.name.startsWith(prefix)).map((r) => r.perS));
  const ours = best('ours');
  const baseline = best('before');
  return { figure, ours, baseline, ratio: baseline ? Math.round((ours / baseline) * 100) / 100 : 0, goal };
}

/** True when the module at `url` is the script node was started with (not imported by bench/run.ts). */
function isMain(url: string): boolean {
  return !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(url);
}

/** Runs the bench when its module (`url`) is the script node was started with; exits 1 when it throws. */
export function runIfMain(url: string, run: () => Promise<unknown>): void {
  if (isMain(url))
    void run().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
