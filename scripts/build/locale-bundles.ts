/**
 * One module per interface language, merged at build time: `virtual:locale/<lang>` is the
 * shell's table (locales/<lang>.json) with every area's (locales/<area>/<lang>.json) merged in, as one
 * JSON.parse. The browser used to import a dozen tables and deep-merge them, then i18next deep-copied
 * the result again: ≈60 ms of one boot task at 4× CPU, before the first render.
 * The chunk plan (scripts/build/chunks.ts) names its chunk lang-<lang>.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { mergeLocaleTables, type LocaleTable } from '../../src/i18n/merge';

const PREFIX = 'virtual:locale/';
/** not ending in .json: Vite's JSON plugin would parse the module's code as JSON */
export const RESOLVED_LOCALE = '\0virtual/locales/';

/** The tables of one language in merge order: the shell's first (areas add keys, never overwrite). */
function localeFiles(dir: string, lang: string): string[] {
  const shell = path.join(dir, `${lang}.json`);
  const areas = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(dir, d.name, `${lang}.json`))
    .filter((f) => fs.existsSync(f))
    .sort();
  return [shell, ...areas];
}

export function localeBundles(dir: string): Plugin {
  return {
    name: 'locale-bundles',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED_LOCALE}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_LOCALE)) return undefined;
      const lang = id.slice(RESOLVED_LOCALE.length);
      const files = localeFiles(dir, lang);
      for (const f of files) this.addWatchFile(f);
      const merged = mergeLocaleTables(files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as LocaleTable));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(merged))});`;
    },
  };
}
