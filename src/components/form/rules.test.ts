import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { LANGS, PASSWORD_RULE } from '../../../core';
import { authRules } from './rules';

/** The forms state the rule the server keeps (spec §5: longer than six characters, so at least 7), with letters and digits. */
type Table = Record<string, Record<string, string>>;
const table = (lang: string): Table =>
  JSON.parse(fs.readFileSync(new URL(`../../../locales/${lang}.json`, import.meta.url), 'utf8')) as Table;
const tFor = (lang: string) =>
  ((key: string, params: Record<string, unknown> = {}) => {
    const [group, name] = key.split('.');
    return (table(lang)[group]?.[name] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, p: string) => String(params[p]));
  }) as unknown as TFunction;

async function refusal(lang: string, password: string): Promise<string | undefined> {
  const rules = authRules(tFor(lang), () => password);
  for (const r of rules.password) {
    if (!r.validator) continue;
    try {
      await r.validator(r, password);
    } catch (e) {
      return (e as Error).message;
    }
  }
  return undefined;
}

describe('password hints state the rule the server enforces, in every language', () => {
  it.each(LANGS)('%s: the hint and the too-short message name the real minimum, not 6', (lang) => {
    const t = tFor(lang);
    for (const text of [t('auth.passwordRule', PASSWORD_RULE), t('valid.passwordShort', PASSWORD_RULE)]) {
      expect(text).toContain(String(PASSWORD_RULE.min));
      expect(text).not.toMatch(/6/);
    }
  });

  it('the form refuses what the server refuses, with the reason, and lets a good password through', async () => {
    expect(await refusal('en', 'abc123')).toBe(`The password must be at least ${PASSWORD_RULE.min} characters`);
    expect(await refusal('en', 'aaaaaaaa')).toBe('This password is too easy to guess, please choose another');
    expect(await refusal('en', 'onlyletters')).toBe('The password must contain both letters and digits');
    expect(await refusal('zh', 'abc123')).toBe(`密码至少需要${PASSWORD_RULE.min}位`);
    expect(await refusal('en', 'secret123')).toBeUndefined();
    expect(await refusal('en', 'secre77')).toBeUndefined();
  });
});
