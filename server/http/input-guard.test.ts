import { describe, expect, it } from 'vitest';
import { anyControlChars } from './input-guard';

describe('anyControlChars', () => {
  it('finds a control character in any string, key or nested value, whatever the object prototype', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const parsed = Object.assign(new (Empty as unknown as new () => object)(), { name: 'a\u0000b' });
    expect(anyControlChars(parsed)).toBe(true);
    expect(anyControlChars({ list: ['ok', 'x\u001by'] })).toBe(true);
    expect(anyControlChars({ ['k\u0000']: 'v' })).toBe(true);
    expect(anyControlChars({ a: 'x\u007f' })).toBe(true);
  });
  it('allows ordinary text, tabs and line breaks', () => {
    expect(anyControlChars({ a: 'line 1\r\nline 2\tend', b: 12, c: null, d: ['中文', 'ภาษาไทย'] })).toBe(false);
  });
});
