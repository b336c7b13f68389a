/** Runs every translation check over this repository's files. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MESSAGES } from '../../server/i18n/messages';
import { checkLocaleSets, checkServerMessages, type Problem } from './check';
import { readLocaleSets } from './tables';
import { scanCode } from './usage';

const ROOT = resolve(import.meta.dirname, '../..');

function serverSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'i18n') serverSources(p, out); }
    else if (/\.ts$/.test(name) && !name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Server keys named anywhere in server code outside the tables themselves (as 'key' or "key"). */
function serverKeyUse(): (key: string) => boolean {
  const literals = new Set<string>();
  for (const f of serverSources(join(ROOT, 'server'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(/(['"`])([a-z][a-z0-9_]*)\1/g)) literals.add(m[2]!);
  }
  return (key) => literals.has(key);
}

export function checkProject(): Problem[] {
  const usage = scanCode([join(ROOT, 'src')]);
  return [
    ...checkLocaleSets(readLocaleSets(join(ROOT, 'locales')), usage),
    ...checkServerMessages(MESSAGES, serverKeyUse()),
  ];
}
