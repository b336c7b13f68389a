import { describe, expect, it } from 'vitest';
import { LANGS } from '../types/api';
import { LANG_COOKIE, requestPageLang } from './first-lang';

describe('the language a page request starts in (server-written first paint)', () => {
  it('is the app’s cookie when it names a language we ship, whatever the browser says', () => {
    expect(requestPageLang(`a=1; ${LANG_COOKIE}=jp; b=2`, 'fr-FR,fr;q=0.9', LANGS)).toBe('jp');
    expect(requestPageLang(`${LANG_COOKIE}=hk`, undefined, LANGS)).toBe('hk');
  });

  it('falls back to the browser’s first tag as the app does, and to en', () => {
    expect(requestPageLang(`${LANG_COOKIE}=xx`, 'fr-FR,fr;q=0.9,en;q=0.8', LANGS)).toBe('fra');
    expect(requestPageLang(undefined, 'zh-TW,zh;q=0.9', LANGS)).toBe('hk');
    expect(requestPageLang('other_h5_lang=ko', 'de-DE', LANGS)).toBe('en');
    expect(requestPageLang(undefined, undefined, LANGS)).toBe('en');
  });
});
