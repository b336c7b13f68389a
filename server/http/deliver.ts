/**
 * Sends a code message without letting the response time tell whether anything was sent: a
 * real transport (SMTP: a network round trip) runs after the answer, failures are logged. The
 * dev transport is one local insert, awaited so tests and the demo find the code at once.
 */
import type { FastifyInstance } from 'fastify';
import type { OutgoingMessage } from '../notify';

export async function deliver(app: FastifyInstance, msg: OutgoingMessage): Promise<void> {
  const sending = app.notify.send(msg);
  if (app.notify.kind === 'dev') return sending;
  sending.catch((err: unknown) => app.log.error({ err, channel: msg.channel }, 'sending a code failed'));
}
