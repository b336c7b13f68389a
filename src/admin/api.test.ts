import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

/** A Storage stand-in (tests run in node): just the calls the back office makes. */
class MemoryStorage {
  private readonly m = new Map<string, string>();
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.m.set(k, v);
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
  values(): string[] {
    return [...this.m.values()];
  }
}

const local = new MemoryStorage();
const session = new MemoryStorage();
let adminSession: { token: string };

beforeAll(async () => {
  Object.assign(globalThis, { localStorage: local, sessionStorage: session });
  ({ adminSession } = await import('./api'));
});
beforeEach(() => {
  adminSession.token = '';
});

describe('the back office operator token (issue 14: it sat in the customer origin’s localStorage)', () => {
  it('is kept for this tab only, never in localStorage', () => {
    adminSession.token = 'op-token-1';
    expect(adminSession.token).toBe('op-token-1');
    expect(local.values()).not.toContain('op-token-1');
    expect(session.values()).toContain('op-token-1');
  });

  it('signing out removes it', () => {
    adminSession.token = 'op-token-2';
    adminSession.token = '';
    expect(adminSession.token).toBe('');
    expect(session.values()).not.toContain('op-token-2');
  });

  it('drops a token an older build left in localStorage instead of using it', () => {
    local.setItem('admin.token', 'old-token');
    expect(adminSession.token).toBe('');
    expect(local.getItem('admin.token')).toBeNull();
  });
});
