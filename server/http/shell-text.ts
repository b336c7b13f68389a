/**
 * The few translated words of the static app shell (server/http/app-shell.ts), read from the app's
 * own tables in locales/ — the same text the React page shows a moment later, so the shell never
 * shows a user another language. Read once per language and kept (a deploy restarts the server).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
/** the tables the shell's words live in: the app's shell table, the Markets area's, OTC's (Home's "Quick buy") Service's (Login's link), Trade's and Book's (the contract screen) */
const TABLES = ['', 'market', 'otc', 'service', 'trade', 'book'];

type Table = { [key: string]: string | Table };
const cache = new Map<string, Table[]>();

function tables(lang: string): Table[] {
  let t = cache.get(lang);
  if (!t) {
    t = [];
    for (const dir of TABLES) {
      try {
        t.push(JSON.parse(fs.readFileSync(path.join(LOCALES, dir, `${lang}.json`), 'utf8')) as Table);
      } catch {
        /* a missing table: its words fall back to English below */
      }
    }
    cache.set(lang, t);
  }
  return t;
}

function lookup(table: Table, key: string): string | undefined {
  let v: string | Table | undefined = table;
  for (const part of key.split('.')) v = typeof v === 'object' ? v[part] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** `key` in `lang` (else English, else the empty string), with i18next-style `{{name}}` values filled in. */
export function shellText(lang: string, key: string, values: Record<string, string> = {}): string {
  for (const l of [lang, 'en']) {
    for (const table of tables(l)) {
      const s = lookup(table, key);
      if (s !== undefined) return s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
    }
  }
  return '';
}
