import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TABLES_MARK, consoleTables, withConsoleTables } from './console-tables';

const PAGE = readFileSync(new URL('./page.html', import.meta.url), 'utf8');

describe('the old operator console speaks English and Chinese', () => {
  it('gets both tables in its script, and every word it names is in both', async () => {
    const html = await withConsoleTables(PAGE);
    expect(html).not.toContain(TABLES_MARK);
    const tables = await consoleTables();
    expect(html).toContain(JSON.stringify(tables).replace(/</g, '\\u003c'));
    expect(tables.zh['admin.console.tab.kyc']).toBe('身份认证');
    // every key the page names (t('x.y'), t(cond ? 'a.b' : 'c.d'), ['#', 'col.user', …]) has its words in both languages
    const named = new Set(
      [...PAGE.matchAll(/'([a-z]\w*(?:\.\w+)+)'/g)].map((m) => m[1]!).filter((k) => !/^(admin|h5)\./.test(k)),
    ); // (h5.…: storage keys)
    for (const m of PAGE.matchAll(/\bt\('([a-zA-Z]\w*)'/g)) named.add(m[1]!);
    expect(named.size).toBeGreaterThan(60);
    const missing = [...named].filter((k) => !tables.en[`admin.console.${k}`] || !tables.zh[`admin.console.${k}`]);
    expect(missing).toEqual([]);
  });

  it('no English words are left in the page’s markup outside its tables', () => {
    // headings, buttons and table heads all come from t(); what is left is markup, ids and data
    const text = PAGE.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<script>[\s\S]*?<\/script>/, '');
    expect(
      text
        .replace(/<[^>]+>/g, ' ')
        .replace(/Back office · 后台/, '')
        .trim(),
    ).toBe('');
  });
});
