import { describe, expect, it } from 'vitest';
import { checkLocaleSets, checkServerMessages, formatProblem } from '../../scripts/i18n/check';
import { checkProject } from '../../scripts/i18n/project';
import { simplifiedChars } from '../../scripts/i18n/simplified';
import { scanSource, type CodeUsage } from '../../scripts/i18n/usage';
import type { LocaleSet } from '../../scripts/i18n/tables';
import { checkAdminTables } from '../../scripts/i18n/admin';

function usageOf(code: string): CodeUsage {
  const u: CodeUsage = { literals: new Set(), templates: new Set() };
  scanSource(code, u);
  return u;
}

const full = (t: Record<string, string>) => ({ zh: t, en: t, hk: t, th: t, jp: t, ko: t, fra: t, spa: t });

describe('translation check rules', () => {
  it('reports a key English has and another language lacks, and one only another language has', () => {
    const set: LocaleSet = { area: 'x', byLang: { ...full({ 'a.b': 'B' }), th: { 'a.c': 'C' } } };
    const kinds = checkLocaleSets([set], usageOf("t('a.b'); t('a.c')")).map((p) => `${p.kind} ${p.key}`);
    expect(kinds).toEqual(['missing a.b', 'extra a.c']);
  });

  it('asks each language for its own plural forms only (no _one in Japanese, _many allowed in French)', () => {
    const en = { 'a.n_one': '{{count}} day', 'a.n_other': '{{count}} days' };
    const set: LocaleSet = {
      area: '',
      byLang: {
        ...full(en),
        jp: { 'a.n_other': '{{count}} 日' },
        fra: { ...en, 'a.n_many': '{{count}} jours' },
        spa: { 'a.n_other': 'x {{count}}' },
      },
    };
    expect(checkLocaleSets([set], usageOf("t('a.n')")).map((p) => `${p.kind} ${p.where} ${p.key}`)).toEqual([
      'missing <lang>.json [spa] a.n_one'.replace('<lang>', 'locales/<lang>'),
    ]);
  });

  it('reports a key no code uses, but not one the code builds through a documented prefix', () => {
    const set: LocaleSet = { area: '', byLang: full({ 'a.b': 'B', 'acct.account.legal': 'L', 'a.gone': 'G' }) };
    const unused = checkLocaleSets([set], usageOf("t('a.b')"))
      .filter((p) => p.kind === 'unused')
      .map((p) => p.key);
    expect(unused).toEqual(['a.gone']);
  });

  it('reports a template key that no documented prefix covers', () => {
    const problems = checkLocaleSets([], usageOf('t(`brand.new.${x}`)'));
    expect(problems.map((p) => `${p.kind} ${p.key}`)).toEqual(['dynamic brand.new.*']);
  });

  it('reports hk text with Simplified-only characters and accepts Hong Kong Traditional', () => {
    expect(simplifiedChars('请先登录账户')).toEqual(['请', '录', '账']);
    expect(simplifiedChars('請先登入帳戶，資產折合')).toEqual([]);
    expect(simplifiedChars('户口兑換閲讀')).toEqual([]);
    const set: LocaleSet = { area: '', byLang: { ...full({ 'a.k': 'Assets' }), hk: { 'a.k': '资产' } } };
    expect(checkLocaleSets([set], usageOf("t('a.k')")).map((p) => `${p.kind} ${p.detail}`)).toEqual([
      'simplified 资产',
    ]);
  });

  it('reports placeholders that differ from English, in locale files and server tables', () => {
    const set: LocaleSet = { area: '', byLang: { ...full({ 'a.k': 'Hi {{name}}' }), ko: { 'a.k': '안녕 {{nmae}}' } } };
    expect(checkLocaleSets([set], usageOf("t('a.k')")).map((p) => p.kind)).toEqual(['placeholder']);
    const rows = {
      m: {
        ...full({}).en,
        zh: '{n} 秒',
        en: '{n} s',
        hk: '{n} 秒',
        th: '{n} วินาที',
        jp: '{n} 秒',
        ko: '{n}초',
        fra: '{n} s',
        spa: 's',
      },
    };
    expect(checkServerMessages(rows, () => true).map((p) => `${p.kind} ${p.where}`)).toEqual([
      'placeholder server/i18n [spa]',
    ]);
  });
});

describe("the back office's own tables (en and zh, src/admin/i18n)", () => {
  const en = {
    'admin.a.title': 'Title',
    'admin.a.n_one': '{{count}} order',
    'admin.a.n_other': '{{count}} orders',
    'admin.state.open': 'open',
  };
  const zh = { 'admin.a.title': '标题', 'admin.a.n_other': '{{count}} 笔', 'admin.state.open': '进行中' };
  const code = "t('admin.a.title'); t('admin.a.n', { count }); t.or(`admin.queue.state.${s}`, s)";

  it('passes complete tables that the code uses, with Chinese plural forms only', () => {
    expect(
      checkAdminTables(
        { en: { ...en, 'admin.queue.state.x': 'x' }, zh: { ...zh, 'admin.queue.state.x': '某' } },
        usageOf(`${code}; t('admin.state.open')`),
      ),
    ).toEqual([]);
  });

  it('reports a key zh lacks, a key only zh has, a key no code uses, English left in zh, and an undocumented built key', () => {
    const tables = {
      en: { ...en, 'admin.a.gone': 'Gone', 'admin.a.hint': 'Enter a name' },
      zh: {
        'admin.a.title': '标题',
        'admin.a.n_other': '{{count}} 笔',
        'admin.a.gone': '无',
        'admin.a.hint': 'Enter a name',
        'admin.a.extra': '多',
      },
    };
    const found = checkAdminTables(tables, usageOf(`${code}; t('admin.a.hint'); t(\`admin.brand.\${x}\`)`)).map(
      (p) => `${p.kind} ${p.key}`,
    );
    expect(found.sort()).toEqual(
      [
        'dynamic admin.brand.*',
        'extra admin.a.extra',
        'missing admin.state.open',
        'unused admin.a.gone',
        'unused admin.state.open',
        'untranslated admin.a.hint',
      ].sort(),
    );
  });
});

describe("this repository's translations", () => {
  it('have every key in all eight languages (the back office in en and zh), no unused key, Traditional hk and matching placeholders', () => {
    const problems = checkProject().map(formatProblem);
    expect(problems, `run: npx tsx scripts/check-i18n.ts\n${problems.slice(0, 40).join('\n')}`).toEqual([]);
  });
});
