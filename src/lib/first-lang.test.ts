import { describe, expect, it } from 'vitest';
import { LANGS } from '../../core/types/api';
import { preloadScript } from '../../scripts/build/route-preload';
import { firstLang } from '../../core/policy/first-lang';

describe('the language a visit starts in', () => {
  it('is the saved choice, else the browser’s when shipped (Traditional Chinese → hk), else en', () => {
    expect(firstLang('ko', 'fr-FR', LANGS)).toBe('ko');
    expect(firstLang('xx', 'fr-CA', LANGS)).toBe('fra');
    expect(firstLang(undefined, 'zh-TW', LANGS)).toBe('hk');
    expect(firstLang(undefined, 'zh-Hant-HK', LANGS)).toBe('hk');
    expect(firstLang(undefined, 'zh-CN', LANGS)).toBe('zh');
    expect(firstLang(undefined, 'ja', LANGS)).toBe('jp');
    expect(firstLang(undefined, 'de-DE', LANGS)).toBe('en');
    expect(firstLang(undefined, '', LANGS)).toBe('en');
  });

  it('the preload script preloads that same language’s chunk (its copy of the function runs as written), and nothing under a service worker', () => {
    const script = preloadScript(
      '/h5/',
      ['a.js'],
      { '/pages/index/index': [0] },
      { hk: 'lang-hk.js', en: 'lang-en.js' },
    );
    const added: string[] = [];
    const document = {
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (e: { href: string }) => added.push(e.href) },
    };
    const run = (saved: string | undefined, navLang: string, serviceWorker?: { controller: object | null }) => {
      added.length = 0;
      const localStorage = { getItem: () => (saved ? JSON.stringify({ lang: saved }) : null) };
      new Function('location', 'document', 'localStorage', 'navigator', script)({ hash: '' }, document, localStorage, {
        language: navLang,
        serviceWorker,
      });
      return [...added];
    };
    expect(run(undefined, 'zh-HK')).toEqual(['/h5/a.js', '/h5/assets/lang-hk.js']);
    expect(run('en', 'zh-HK')).toEqual(['/h5/a.js', '/h5/assets/lang-en.js']);
    // installed but not yet in control (the first visit): links as before
    expect(run('en', 'zh-HK', { controller: null })).toEqual(['/h5/a.js', '/h5/assets/lang-en.js']);
    // a visit the service worker serves: nothing to hide, no links
    expect(run('en', 'zh-HK', { controller: {} })).toEqual([]);
  });
});
