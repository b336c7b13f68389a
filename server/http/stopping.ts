/**
 * A deploy's stop on keep-alive connections. Fastify closes the connections that are idle when it
 * starts closing and answers new requests 503, but a connection whose request was still running
 * stays open after its answer until the client's next request or the keep-alive timeout (72 s),
 * past the process's 10-second hard stop, so the stop never reached the pool's drain. From stopping()
 * on, every answer says `Connection: close`: the request in flight gets its answer, then its
 * connection ends, and the server's close finishes once the last answer is out.
 */
import type { FastifyInstance } from 'fastify';

/** Installs the hook; returns stopping(), to call when the shutdown starts. */
export function closeConnectionsOnStop(app: FastifyInstance): () => void {
  let stopping = false;
  // a callback hook: every answer passes it, and it awaits nothing
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  return () => {
    stopping = true;
  };
}
