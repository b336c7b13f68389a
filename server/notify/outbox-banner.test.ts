import { describe, expect, it } from 'vitest';
import { outboxBannerLines } from './outbox-banner';

const base = { smtpUrl: undefined, devOutbox: true, devOutboxSecret: 'banner-secret-0123456789', port: 8080 };

describe('start-up banner: where verification codes are', () => {
  it('does not send the newcomer to the server log, which never holds codes', () => {
    for (const c of [base, { ...base, smtpUrl: 'smtp://x' }, { ...base, devOutbox: false }]) {
      const text = outboxBannerLines(c, '/data/dev-outbox-secret').join('\n');
      expect(text).not.toMatch(/codes go to the server log/);
      expect(text).toMatch(/outbox table/);
    }
  });

  it('gives a working loopback command with the secret and names the secret file', () => {
    const text = outboxBannerLines(base, '/srv/data/dev-outbox-secret').join('\n');
    expect(text).toContain(
      "curl -H 'x-dev-outbox-secret: banner-secret-0123456789' 'http://127.0.0.1:8080/api/dev/outbox?to=",
    );
    expect(text).toContain('/srv/data/dev-outbox-secret');
  });

  it('prints no secret when the outbox is off', () => {
    expect(outboxBannerLines({ ...base, devOutbox: false }).join('\n')).not.toContain(base.devOutboxSecret);
  });
});
