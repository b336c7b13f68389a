/**
 * Outgoing messages (verification codes). One interface, two transports:
 * - dev (default): one line in the server log and one row in the outbox table, nothing leaves
 *   the machine; the e2e tests and the local demo read codes from there;
 * - SMTP (SMTP_URL set): nodemailer sends the email; SMS still goes to the outbox, since no SMS
 *   gateway is configured (say so in docs/configuration.md).
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema';
import type { CodeChannel } from '../db/tables';

export interface OutgoingMessage {
  channel: CodeChannel;
  to: string;
  subject: string;
  body: string;
  /** the code, recorded in the dev outbox only */
  code?: string;
}

export interface Transport {
  readonly kind: string;
  send(msg: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
}

function devTransport(db: Kysely<Database>, log: FastifyBaseLogger): Transport {
  return {
    kind: 'dev',
    async send(msg) {
      await db
        .insertInto('outbox')
        .values({
          channel: msg.channel,
          recipient: msg.to,
          subject: msg.subject,
          body: msg.body,
          code: msg.code ?? null,
        })
        .execute();
      log.info(
        { outbox: { channel: msg.channel, to: msg.to } },
        `[dev outbox] ${msg.channel} to ${msg.to}: ${msg.subject}`,
      );
    },
  };
}

function smtpTransport(url: string, from: string, fallback: Transport): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(msg) {
      if (msg.channel !== 'email') return fallback.send(msg);
      await mailer.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.body });
    },
    async close() {
      mailer.close();
    },
  };
}

export function createTransport(opts: {
  smtpUrl?: string;
  from: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}): Transport {
  const dev = devTransport(opts.db, opts.log);
  return opts.smtpUrl ? smtpTransport(opts.smtpUrl, opts.from, dev) : dev;
}
