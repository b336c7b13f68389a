/** Runs every translation check over this repository's files. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MESSAGES } from '../../server/i18n/messages';
import { checkLocaleSets, checkServerMessages, type Problem } from './check';
import { readLocaleSets } from './tables';
import { scanCode, type CodeUsage } from './usage';
import { checkAdminTables, readAdminTables } from './admin';

const ROOT = resolve(import.meta.dirname, '../..');

function serverSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'i18n') serverSources(p, out);
    } else if (/\.ts$/.test(name) && !name.endsWith('.test.ts')) out.push(p);
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

/**
 * The old console (server/admin/page.html) names its keys without the `admin.console.` prefix
 * (t('tab.kyc'), t(cond ? 'kyc.basic' : 'kyc.advanced')): every dotted literal there counts, and a
 * key built there (t('tab.' + k)) is a template that ADMIN_DYNAMIC_KEYS must cover.
 */
function consoleUsage(usage: CodeUsage): CodeUsage {
  const html = readFileSync(join(ROOT, 'server/admin/page.html'), 'utf8');
  for (const m of html.matchAll(/'([a-z]\w*(?:\.\w+)+)'/g))
    if (!/^(admin|h5)\./.test(m[1]!)) usage.literals.add(`admin.console.${m[1]!}`);
  for (const m of html.matchAll(/\bt\('([a-zA-Z]\w*)'/g)) usage.literals.add(`admin.console.${m[1]!}`);
  for (const m of html.matchAll(/\bt\('([a-z][\w.]*)' \+/g)) usage.templates.add(`admin.console.${m[1]!}*`);
  // (t itself adds the prefix to any key: 'admin.console.' + k is not a template of its own)
  for (const m of html.matchAll(/'(admin\.console\.[\w.]+)' \+/g)) usage.templates.add(`${m[1]!}*`);
  return usage;
}

export function checkProject(): Problem[] {
  const admin = join(ROOT, 'src/admin');
  const usage = scanCode([join(ROOT, 'src')], [admin]);
  return [
    ...checkLocaleSets(readLocaleSets(join(ROOT, 'locales')), usage),
    ...checkServerMessages(MESSAGES, serverKeyUse()),
    ...checkAdminTables(readAdminTables(join(admin, 'i18n')), consoleUsage(scanCode([admin]))),
  ];
}
