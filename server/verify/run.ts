/** Runs every checker and prints the per-product table `npm run verify` shows. */
import type { Db } from '../db/schema';
import type { OutcomeChecker, VerifyRow } from '../db/outcome-checker';

export interface ProductReport {
  product: string;
  checked: number;
  matching: number;
  differing: VerifyRow[];
}

export async function runVerify(
  db: Db,
  checkers: readonly OutcomeChecker[],
): Promise<{ ok: boolean; reports: ProductReport[] }> {
  const reports: ProductReport[] = [];
  for (const c of checkers) {
    const rows = await c.check(db);
    const differing = rows.filter((r) => !r.ok);
    reports.push({ product: c.product, checked: rows.length, matching: rows.length - differing.length, differing });
  }
  return { ok: reports.every((r) => r.differing.length === 0), reports };
}

export function formatReport(reports: readonly ProductReport[]): string {
  const head = ['product', 'checked', 'matching', 'differing'];
  const body = reports.map((r) => [r.product, String(r.checked), String(r.matching), String(r.differing.length)]);
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  const out = [line(head), width.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  for (const r of reports) {
    if (r.differing.length === 0) continue;
    out.push('', `${r.product}: ${r.differing.length} differing`);
    for (const d of r.differing)
      out.push(`  id ${d.id}`, `    expected: ${d.expected ?? ''}`, `    stored:   ${d.actual ?? ''}`);
  }
  return out.join('\n');
}
