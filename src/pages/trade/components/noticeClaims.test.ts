import { describe, expect, it } from 'vitest';
import { claimNotice } from './noticeClaims';

describe('claimNotice', () => {
  it('lets the first reporter of an outcome toast and silences the second, per kind and id', () => {
    expect(claimNotice('spot_filled', 7, 1000)).toBe(true);
    expect(claimNotice('spot_filled', 7, 1001)).toBe(false);
    expect(claimNotice('lever_opened', 7, 1002)).toBe(true);
    expect(claimNotice('lever_closed', 7, 1003)).toBe(true);
    // long after, the map has forgotten it
    expect(claimNotice('spot_filled', 7, 1000 + 31_000)).toBe(true);
  });
});
