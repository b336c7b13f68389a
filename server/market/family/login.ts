/**
 * The family's `login` (a user id, or the token). Every login gets the public events; only a
 * valid session token joins `family:user:<id>`, where the private `lever_trade` / `lever_closed`
 * go: a bare user id is not a credential. A token login also joins the rooms a logout reaches
 * (server/http/session-sockets.ts). Each token is a database lookup, so a socket gets a few logins
 * per window and no more.
 */
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { AUTH_LIMIT, sessionRoom, userRoom, type ResolveUser, type SocketIdentity } from '../socket-auth';
import { familyRoom, reply } from './rooms';

const loginSchema = z.union([
  z.string().max(512),
  z.number(),
  z.object({ token: z.string().max(512).optional(), user_id: z.union([z.string().max(32), z.number()]).optional() }),
]);

/** The token in a login payload; a bare number or digit string is a user id, never a token. */
function tokenOf(p: z.infer<typeof loginSchema>): string | undefined {
  const t = typeof p === 'object' ? p.token : typeof p === 'string' ? p.trim() : undefined;
  return t && !/^\d{1,12}$/.test(t) ? t : undefined;
}

/** A fixed window of `max` uses per `windowMs`. */
class RateWindow {
  private start = 0;
  private used = 0;
  constructor(private readonly limit: { max: number; windowMs: number }) {}
  take(now: number): boolean {
    if (now - this.start >= this.limit.windowMs) {
      this.start = now;
      this.used = 0;
    }
    return ++this.used <= this.limit.max;
  }
}

export interface LoginDeps {
  resolveUser: ResolveUser;
  log: { warn(obj: object, msg?: string): void };
  /** the public rooms a login joins (daymarket, and the pair rooms while the socket never watched) */
  joinPublic(socket: Socket): void;
}

/** One socket's family login state. */
export class FamilyLogin {
  private identity: number | string | undefined;
  private readonly rate = new RateWindow(AUTH_LIMIT);

  constructor(
    private readonly socket: Socket,
    private readonly d: LoginDeps,
  ) {}

  async login(payload: unknown, ack?: unknown): Promise<void> {
    if (!this.rate.take(Date.now())) return reply(ack, { ok: false, error: 'too_many_requests' });
    const r = loginSchema.safeParse(payload);
    if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
    this.d.joinPublic(this.socket);
    if (this.identity !== undefined) void this.socket.leave(familyRoom.user(this.identity));
    this.identity = undefined;
    const token = tokenOf(r.data);
    if (!token) return reply(ack, { ok: true }); // a bare user id: public data only
    try {
      const who = await this.d.resolveUser(token);
      const id: SocketIdentity | undefined =
        who === null || who === undefined ? undefined : typeof who === 'object' ? who : { userId: who };
      if (id === undefined) return reply(ack, { ok: false, error: 'session_invalid' });
      this.bind(id);
      reply(ack, { ok: true });
    } catch (err) {
      this.d.log.warn({ err }, 'market: family login failed');
      reply(ack, { ok: false, error: 'auth_failed' });
    }
  }

  private bind(id: SocketIdentity): void {
    this.identity = id.userId;
    void this.socket.join(familyRoom.user(id.userId));
    this.socket.data.userId = id.userId;
    this.socket.data.sessionId = id.sessionId;
    void this.socket.join(userRoom(id.userId));
    if (id.sessionId !== undefined) void this.socket.join(sessionRoom(id.sessionId));
  }
}
