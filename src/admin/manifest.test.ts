import { describe, expect, it } from 'vitest';
import { manifestText, parseManifest } from './manifest';

describe('a blind-box manifest as the operator types it', () => {
  it('one prize a line, "name: count" (a full-width colon or ×), to the server’s JSON', () => {
    expect(JSON.parse(parseManifest('Golden Koi: 1\n  Jade Koi × 9 \n\n金锦鲤：2') ?? 'null')).toEqual([
      { prize: 'Golden Koi', count: 1 },
      { prize: 'Jade Koi', count: 9 },
      { prize: '金锦鲤', count: 2 },
    ]);
  });
  it('refuses a line without a count, a negative or fractional count, and a box of nothing', () => {
    for (const bad of ['Golden Koi', 'Golden Koi: -1', 'Golden Koi: 1.5', 'A: 0\nB: 0', '', ': 3'])
      expect(parseManifest(bad)).toBeNull();
  });
});

describe('a manifest shown back for editing', () => {
  it('reads as it was typed and parses to the same JSON (an edit that changes nothing sends the same manifest)', () => {
    const entries = [
      { prize: 'Golden Koi', count: 1 },
      { prize: 'Jade Koi', count: 9 },
    ];
    expect(manifestText(entries)).toBe('Golden Koi: 1\nJade Koi: 9');
    expect(JSON.parse(parseManifest(manifestText(entries)) ?? 'null')).toEqual(entries);
  });
});
