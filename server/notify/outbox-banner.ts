/**
 * The start-up banner's lines about verification codes. They must be true: the server log names
 * the recipient only, the code itself is in the outbox table (or the real mailbox with SMTP).
 */
import type { AppConfig } from '../config';
import { OUTBOX_SECRET_HEADER } from '../kernel/outbox-secret';

export function outboxBannerLines(
  config: Pick<AppConfig, 'smtpUrl' | 'devOutbox' | 'devOutboxSecret' | 'port'>,
  secretFile?: string,
): string[] {
  const where = config.smtpUrl
    ? 'emails go out by SMTP; SMS codes are kept in the outbox table (the log names the recipient only)'
    : 'codes are kept in the outbox table (the log names the recipient only)';
  if (!config.devOutbox) return [`  Codes       ${where}; DEV_OUTBOX is off`];
  return [
    `  Codes       ${where}`,
    `  Dev outbox  from this machine only, with the secret (also in ${secretFile ?? 'DATA_DIR/dev-outbox-secret'}):`,
    `              curl -H '${OUTBOX_SECRET_HEADER}: ${config.devOutboxSecret}' 'http://127.0.0.1:${config.port}/api/dev/outbox?to=<email or mobile>'`,
  ];
}
