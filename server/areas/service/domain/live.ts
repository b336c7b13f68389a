/**
 * Live delivery, always after the commit: the customer's private room (`user:<id>`, joined by the
 * market socket's `auth`) gets `service` events; operators get them in the `operators` room of the
 * `/operators` namespace. An operator's socket is admitted by a one-use ticket (60 s) that only an
 * operator session can obtain (POST /admin/api/service/live-ticket), so a customer token can never
 * join, and the HttpOnly operator cookie is never exposed to scripts.
 */
import type {} from '../tables'; // the area's tables join Database there
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Namespace, Server } from 'socket.io';
import type { Database } from '../../../db/schema';
import { room, type ServiceEvent } from '../../../../core';

const OPERATORS_NS = '/operators';
const OPERATORS_ROOM = 'operators';
const SERVICE_EVENT = 'service';
const TICKET_MS = 60_000;

const hash = (t: string) => createHash('sha256').update(t).digest('hex');

export async function issueTicket(db: Kysely<Database>, operatorSessionId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.deleteFrom('service_live_tickets').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('service_live_tickets')
    .values({
      token_hash: hash(token),
      operator_session_id: operatorSessionId,
      expires_at: new Date(Date.now() + TICKET_MS),
    })
    .execute();
  return token;
}

/** Uses up a ticket; the operator id when it was valid and its session still is. */
async function redeemTicket(db: Kysely<Database>, token: string): Promise<number | undefined> {
  const t = await db
    .deleteFrom('service_live_tickets')
    .where('token_hash', '=', hash(token))
    .returning(['operator_session_id', 'expires_at'])
    .executeTakeFirst();
  if (!t || new Date(t.expires_at).getTime() < Date.now()) return undefined;
  const s = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operators.id', 'operators.status', 'operator_sessions.revoked_at'])
    .where('operator_sessions.id', '=', t.operator_session_id)
    .executeTakeFirst();
  return s && !s.revoked_at && s.status === 1 ? s.id : undefined;
}

export interface ServiceLive {
  toUser(userId: number, e: ServiceEvent): void;
  toOperators(e: ServiceEvent): void;
  /** whether any operator has the back office open (across processes, through the adapter) */
  operatorsOnline(): Promise<boolean>;
  /** whether the user has a socket in their private room right now */
  userOnline(userId: number): Promise<boolean>;
}

export function attachServiceLive(
  io: Server,
  db: Kysely<Database>,
  log: { warn(o: object, m?: string): void },
): ServiceLive {
  const nsp: Namespace = io.of(OPERATORS_NS);
  nsp.use((socket, next) => {
    const ticket = (socket.handshake.auth as { ticket?: unknown } | undefined)?.ticket;
    if (typeof ticket !== 'string' || ticket.length > 64) return next(new Error('unauthorized'));
    redeemTicket(db, ticket)
      .then((opId) => {
        if (!opId) return next(new Error('unauthorized'));
        socket.data.operatorId = opId;
        void socket.join(OPERATORS_ROOM);
        next();
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'service: ticket check failed');
        next(new Error('unauthorized'));
      });
  });
  return {
    toUser: (userId, e) => void io.to(room.user(userId)).emit(SERVICE_EVENT, e),
    toOperators: (e) => void nsp.to(OPERATORS_ROOM).emit(SERVICE_EVENT, e),
    operatorsOnline: async () => (await nsp.in(OPERATORS_ROOM).fetchSockets()).length > 0,
    userOnline: async (userId) => (await io.in(room.user(userId)).fetchSockets()).length > 0,
  };
}
