import { describe, expect, it } from 'vitest';
import { pgErrorKey } from './pg-errors';
import { translate } from '../i18n/messages';

const err = (code: string) => Object.assign(new Error('db'), { code });

describe('database errors input or a race can cause are business answers', () => {
  it('maps unique, foreign-key and data errors; leaves the rest a fault', () => {
    expect(pgErrorKey(err('23505'))).toBe('already_exists');
    expect(pgErrorKey(err('23503'))).toBe('not_found');
    for (const c of ['22P05', '22021', '22003', '22001', '22P02']) expect(pgErrorKey(err(c))).toBe('param_error');
    for (const c of ['40P01', '57014', 'XX000']) expect(pgErrorKey(err(c))).toBeUndefined();
    expect(pgErrorKey(new Error('plain'))).toBeUndefined();
    expect(pgErrorKey({ code: 'ECONNRESET' })).toBeUndefined();
  });

  it('has "already exists" in all eight languages', () => {
    const texts = ['zh', 'en', 'hk', 'th', 'jp', 'ko', 'fra', 'spa'].map((l) =>
      translate('already_exists', l as never),
    );
    expect(new Set(texts).size).toBe(8);
  });
});
