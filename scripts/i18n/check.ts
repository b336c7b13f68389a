/**
 * The translation rules, as pure functions over loaded tables so tests can feed them small fixtures:
 * every key in every language, no unused key, no Simplified-only character in hk, and the same
 * placeholders as English.
 */
import { LANGS, type CheckLang, type FlatTable, type LocaleSet } from './tables';
import { isUsed, undocumentedTemplates, type CodeUsage } from './usage';
import { simplifiedChars } from './simplified';

export interface Problem {
  kind: 'missing' | 'extra' | 'unused' | 'simplified' | 'placeholder' | 'empty' | 'dynamic' | 'untranslated';
  where: string;
  key: string;
  detail?: string;
}

/** `{{x}}` in interface strings, `{x}` in server messages. */
function placeholders(text: string, server = false): string {
  const re = server ? /\{(\w+)\}/g : /\{\{\s*(\w+)\s*\}\}/g;
  return [...text.matchAll(re)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

const BCP47: Record<CheckLang, string> = {
  zh: 'zh',
  en: 'en',
  hk: 'zh-HK',
  th: 'th',
  jp: 'ja',
  ko: 'ko',
  fra: 'fr',
  spa: 'es',
};
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * i18next picks `key_<category>` by the language's plural rules, so a language needs (and may have)
 * only its own categories: Japanese has no `_one`, French may add `_many`.
 */
function pluralFits(key: string, lang: CheckLang, en: FlatTable): boolean | undefined {
  const m = PLURAL.exec(key);
  if (!m || !(`${m[1]}_other` in en)) return undefined;
  return new Intl.PluralRules(BCP47[lang]).resolvedOptions().pluralCategories.includes(m[2] as Intl.LDMLPluralRule);
}

/** One language's table against English: missing and extra keys (by its plural rules), empty texts, placeholders, hk's script. */
export function compareLang(
  where: string,
  lang: CheckLang,
  en: FlatTable,
  t: FlatTable | undefined,
  server: boolean,
): Problem[] {
  const out: Problem[] = [];
  const table = t ?? {};
  for (const key of Object.keys(en)) {
    if (pluralFits(key, lang, en) === false && !(key in table)) continue;
    const text = table[key];
    if (text === undefined) {
      out.push({ kind: 'missing', where: `${where} [${lang}]`, key });
      continue;
    }
    if (text.trim() === '' && en[key]!.trim() !== '') out.push({ kind: 'empty', where: `${where} [${lang}]`, key });
    const want = placeholders(en[key]!, server);
    const got = placeholders(text, server);
    if (want !== got)
      out.push({ kind: 'placeholder', where: `${where} [${lang}]`, key, detail: `en {${want}} vs {${got}}` });
  }
  for (const key of Object.keys(table)) {
    if (!(key in en) && !pluralFits(key, lang, en))
      out.push({ kind: 'extra', where: `${where} [${lang}]`, key, detail: 'not in en' });
  }
  if (lang === 'hk') {
    for (const [key, text] of Object.entries(table)) {
      const bad = simplifiedChars(text);
      if (bad.length) out.push({ kind: 'simplified', where: `${where} [hk]`, key, detail: bad.join('') });
    }
  }
  return out;
}

/** Interface locale files: each file set against its English file, and every key used by the code. */
export function checkLocaleSets(sets: LocaleSet[], usage: CodeUsage): Problem[] {
  const out: Problem[] = [];
  for (const set of sets) {
    const where = `locales/${set.area ? `${set.area}/` : ''}<lang>.json`;
    const en = set.byLang.en ?? {};
    for (const lang of LANGS) if (lang !== 'en') out.push(...compareLang(where, lang, en, set.byLang[lang], false));
    for (const key of Object.keys(en)) if (!isUsed(key, usage)) out.push({ kind: 'unused', where, key });
  }
  for (const tpl of undocumentedTemplates(usage)) {
    out.push({
      kind: 'dynamic',
      where: 'src',
      key: tpl,
      detail: 'template key not covered by DYNAMIC_KEYS (scripts/i18n/usage.ts)',
    });
  }
  return out;
}

/** Server message tables: key → one text per language. `used` says whether the server code names the key. */
export function checkServerMessages(
  messages: Record<string, Partial<Record<CheckLang, string>>>,
  used: (key: string) => boolean,
): Problem[] {
  const out: Problem[] = [];
  const byLang = Object.fromEntries(LANGS.map((l) => [l, {} as FlatTable])) as Record<CheckLang, FlatTable>;
  for (const [key, row] of Object.entries(messages)) {
    for (const l of LANGS) if (row[l] !== undefined) byLang[l][key] = row[l];
    if (!used(key)) out.push({ kind: 'unused', where: 'server/i18n', key });
  }
  for (const lang of LANGS)
    if (lang !== 'en') out.push(...compareLang('server/i18n', lang, byLang.en, byLang[lang], true));
  return out;
}

export function formatProblem(p: Problem): string {
  return `${p.kind.padEnd(11)} ${p.where}  ${p.key}${p.detail ? `  (${p.detail})` : ''}`;
}
