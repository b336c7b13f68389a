/**
 * Translation check (npm test runs the same rules through src/i18n/locales.test.ts):
 *   npx tsx scripts/check-i18n.ts
 * Fails on a key missing in a language (or present only there), a key no code uses, an hk string with
 * Simplified-only characters, or placeholders that differ from English.
 */
import { formatProblem } from './i18n/check';
import { checkProject } from './i18n/project';

const problems = checkProject();
for (const p of problems) console.log(formatProblem(p));
const counts = new Map<string, number>();
for (const p of problems) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
console.log(
  problems.length
    ? `check-i18n: ${problems.length} problems ${JSON.stringify(Object.fromEntries(counts))}`
    : 'check-i18n: ok',
);
process.exitCode = problems.length ? 1 : 0;
