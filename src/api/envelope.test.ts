import { describe, expect, it } from 'vitest';
import { readEnvelope, toForm } from './envelope';

describe('readEnvelope', () => {
  it('treats type ok or code 1 as success', () => {
    expect(readEnvelope({ type: 'ok', code: 1, message: 'tok' })).toEqual({ kind: 'ok', data: 'tok' });
    expect(readEnvelope({ type: 'whatever', code: '1', message: [1] })).toEqual({ kind: 'ok', data: [1] });
  });
  it('maps 999 and 998 (numbers or strings)', () => {
    expect(readEnvelope({ type: '999', code: 0, message: 'gone' })).toEqual({ kind: 'session', message: 'gone' });
    expect(readEnvelope({ type: 998, code: 0, message: 'kyc' })).toEqual({ kind: 'verify', message: 'kyc' });
  });
  it('other answers fail with the server text', () => {
    expect(readEnvelope({ type: 'error', code: 0, message: 'bad' })).toEqual({ kind: 'fail', message: 'bad' });
    expect(readEnvelope('<html>')).toEqual({ kind: 'fail', message: '' });
  });
});

describe('toForm', () => {
  it('encodes fields and drops empty ones', () => {
    expect(toForm({ a: 1, b: 'x y', c: undefined, d: null }).toString()).toBe('a=1&b=x+y');
  });
});
