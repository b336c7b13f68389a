/** Reads the interface locale files: locales/<lang>.json (the shell) and locales/<area>/<lang>.json. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LANGS = ['zh', 'en', 'hk', 'th', 'jp', 'ko', 'fra', 'spa'] as const;
export type CheckLang = (typeof LANGS)[number];

/** key → text, keys dotted (`acct.bankField.name`). */
export type FlatTable = Record<string, string>;
/** One file set: the shell ('') or an area, each language flattened. */
export interface LocaleSet {
  area: string;
  byLang: Partial<Record<CheckLang, FlatTable>>;
}

interface Nested {
  [key: string]: string | Nested;
}

export function flatten(table: Nested, prefix = '', out: FlatTable = {}): FlatTable {
  for (const [k, v] of Object.entries(table)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
}

function readSet(dir: string, area: string): LocaleSet {
  const byLang: LocaleSet['byLang'] = {};
  for (const lang of LANGS) {
    const file = join(dir, `${lang}.json`);
    try {
      byLang[lang] = flatten(JSON.parse(readFileSync(file, 'utf8')) as Nested);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return { area, byLang };
}

export function readLocaleSets(localesDir: string): LocaleSet[] {
  const sets = [readSet(localesDir, '')];
  for (const name of readdirSync(localesDir).sort()) {
    if (statSync(join(localesDir, name)).isDirectory()) sets.push(readSet(join(localesDir, name), name));
  }
  return sets;
}
