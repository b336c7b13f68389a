import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../core';
import { localeBundles, RESOLVED_LOCALE } from '../../scripts/build/locale-bundles';
import type { LocaleTable } from './merge';

const DIR = fileURLToPath(new URL('../../locales', import.meta.url));

/** What the app gets from `import('virtual:locale/<lang>')`: the plugin's module, evaluated. */
function moduleOf(lang: string): { table: LocaleTable; watched: string[] } {
  const plugin = localeBundles(DIR);
  const watched: string[] = [];
  const resolve = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (this: { addWatchFile: (f: string) => void }, id: string) => string;
  const id = resolve(`virtual:locale/${lang}`);
  expect(id).toBe(`${RESOLVED_LOCALE}${lang}`);
  const code = load.call({ addWatchFile: (f) => watched.push(f) }, id as string);
  const literal = /^export default JSON\.parse\((.*)\);$/s.exec(code)?.[1];
  expect(literal).toBeDefined();
  return { table: JSON.parse(JSON.parse(literal as string) as string) as LocaleTable, watched };
}

const get = (t: LocaleTable, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as LocaleTable)[k] : undefined), t);

describe('one module per language (scripts/build/locale-bundles.ts)', () => {
  const areas = fs
    .readdirSync(DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it.each([...LANGS])('%s: the shell and every area in one table, each file watched for the dev server', (lang) => {
    const { table, watched } = moduleOf(lang);
    expect(typeof get(table, 'tabs.home')).toBe('string');
    for (const area of areas) {
      const file = path.join(DIR, area, `${lang}.json`);
      if (!fs.existsSync(file)) continue;
      expect(watched).toContain(file);
      // every leaf of the area's table is in the merged one (the shell's text where both have a key)
      const leaves = (t: LocaleTable, pre = ''): string[] =>
        Object.entries(t).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${pre}${k}.`) : [`${pre}${k}`]));
      const own = JSON.parse(fs.readFileSync(file, 'utf8')) as LocaleTable;
      for (const key of leaves(own)) expect(typeof get(table, key), `${area}/${lang}.json ${key}`).toBe('string');
    }
  });

  it('the shell keeps its own text where an area has the same key', () => {
    const { table } = moduleOf('en');
    const shell = JSON.parse(fs.readFileSync(path.join(DIR, 'en.json'), 'utf8')) as LocaleTable;
    expect(get(table, 'tabs.home')).toBe(get(shell, 'tabs.home'));
    expect(get(table, 'market.all')).toBe(get(shell, 'market.all'));
  });
});
