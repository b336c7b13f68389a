/**
 * The old operator console's words (server/admin/page.html) come from the back office's own tables,
 * src/admin/i18n/{en,zh}.json (keys admin.console.*), so one check (scripts/i18n/admin.ts) covers
 * both consoles. They are put into the page once at start, as a JSON literal safe inside <script>.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const LANGS = ['en', 'zh'] as const;
const PREFIX = 'admin.console.';
export const TABLES_MARK = '/*CONSOLE_TABLES*/ { en: {}, zh: {} }';

function flatten(node: unknown, path: string, out: Record<string, string>): Record<string, string> {
  if (typeof node === 'string') out[path] = node;
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) flatten(v, path ? `${path}.${k}` : k, out);
  return out;
}

export async function consoleTables(): Promise<Record<(typeof LANGS)[number], Record<string, string>>> {
  const read = async (lang: string) => {
    const file = fileURLToPath(new URL(`../../src/admin/i18n/${lang}.json`, import.meta.url));
    const all = flatten(JSON.parse(await fs.readFile(file, 'utf8')), '', {});
    return Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith(PREFIX)));
  };
  const [en, zh] = await Promise.all(LANGS.map(read));
  return { en, zh };
}

/** The page with its tables in place of the mark (`<` escaped so no text can close the script). */
export async function withConsoleTables(html: string): Promise<string> {
  if (!html.includes(TABLES_MARK)) throw new Error('server/admin/page.html lost its console tables mark');
  const json = JSON.stringify(await consoleTables()).replace(/</g, '\\u003c');
  return html.replace(TABLES_MARK, () => json);
}
