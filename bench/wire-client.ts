/**
 * A phone's kept-alive HTTP/1.1 connection for the db bench's API load, written straight on a TCP
 * socket. The load generator shares the machine's 2 cores with the server and its PostgreSQL, so
 * what it spends per request is taken from what it measures: node:http's client (ClientRequest,
 * its header handling, a response parser and stream per request) cost this process ≈ 135–160 µs per
 * transfer. Here a request is one write of a string built from a prefix made once per connection
 * (request line and the fixed headers, the user's token among them) and the request's own
 * Idempotency-Key; the answer is read by its Content-Length.
 *
 * The server sees the same HTTP as from node:http: the same request line and headers (Host,
 * Content-Type, Authorization, Content-Length, Idempotency-Key, Connection: keep-alive) and body,
 * one request at a time on each connection, each a distinct authenticated request with a key of its
 * own. Anything else than a plain Content-Length answer (chunked, an unreadable head) is an error,
 * so a figure is never made of answers this reader misread.
 */
import net from 'node:net';

const CRLFCRLF = Buffer.from('\r\n\r\n');

interface Pending {
  resolve: (body: string) => void;
  reject: (err: Error) => void;
}

export interface WirePost {
  /** http://host:port */
  origin: string;
  path: string;
  /** header name → value; Host, Content-Length and Connection are added */
  headers: Record<string, string>;
  /** the body, the same on every request of this connection */
  body: string;
  /** the header each request carries a value of its own in (the Idempotency-Key) */
  perRequestHeader: string;
}

export class WireConnection {
  private sock: net.Socket | undefined;
  private chunks: Buffer[] = [];
  private size = 0;
  private pending: Pending | undefined;
  private readonly readBuf = Buffer.alloc(64 * 1024);
  private readonly prefix: string;
  private readonly suffix: string;
  private readonly host: string;
  private readonly port: number;

  constructor(p: WirePost) {
    const u = new URL(p.origin);
    this.host = u.hostname;
    this.port = Number(u.port);
    const lines = [`POST ${p.path} HTTP/1.1`];
    for (const [k, v] of Object.entries(p.headers)) lines.push(`${k}: ${v}`);
    lines.push(`content-length: ${Buffer.byteLength(p.body)}`, `Host: ${u.host}`, 'Connection: keep-alive');
    this.prefix = `${lines.join('\r\n')}\r\n${p.perRequestHeader}: `;
    this.suffix = `\r\n\r\n${p.body}`;
  }

  /** One request, `value` its own header's value; resolves to the answer's body. */
  post(value: string): Promise<string> {
    if (this.pending) return Promise.reject(new Error('wire: one request at a time on a connection'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket().write(this.prefix + value + this.suffix, 'latin1');
    });
  }

  close(): void {
    this.sock?.destroy();
    this.sock = undefined;
  }

  private socket(): net.Socket {
    if (this.sock) return this.sock;
    // onread: the bytes land in one buffer of the connection's, handed to a callback, without the
    // stream's 'data' events (a socket this connection has let go of, close(), is heard no more)
    const s: net.Socket = net.connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      onread: {
        buffer: this.readBuf,
        callback: (n: number, b: Uint8Array) => {
          if (this.sock === s) this.onData(Buffer.from(b.buffer, b.byteOffset, n));
          return true;
        },
      },
    });
    s.on('error', (err) => {
      if (this.sock !== s) return;
      this.close();
      this.fail(err);
    });
    s.on('close', () => {
      if (this.sock !== s) return;
      this.sock = undefined;
      this.fail(new Error('wire: the connection closed'));
    });
    this.sock = s;
    return s;
  }

  private fail(err: Error): void {
    const p = this.pending;
    this.pending = undefined;
    this.chunks = [];
    this.size = 0;
    p?.reject(err);
  }

  /** `c` is a view of the read buffer, reused by the next read: what is kept is copied. */
  private onData(c: Buffer): void {
    const buf = this.size === 0 ? c : Buffer.concat([...this.chunks, c], this.size + c.length);
    const end = buf.indexOf(CRLFCRLF);
    if (end < 0) return this.keep(buf);
    const head = buf.toString('latin1', 0, end).toLowerCase();
    const m = /\r\ncontent-length: *(\d+)/.exec(head);
    if (!head.startsWith('http/1.1 ') || !m || head.includes('\r\ntransfer-encoding:')) {
      this.fail(new Error(`wire: an answer without a plain length: ${head.slice(0, 200)}`));
      this.close();
      return;
    }
    const start = end + 4;
    const stop = start + Number(m[1]);
    if (buf.length < stop) return this.keep(buf);
    if (buf.length > stop) {
      this.fail(new Error('wire: bytes past the answer'));
      this.close();
      return;
    }
    this.chunks = [];
    this.size = 0;
    const p = this.pending;
    this.pending = undefined;
    // a server that ends the connection (stopping) says so: the next request opens a new one
    if (head.includes('\r\nconnection: close')) this.close();
    p?.resolve(buf.toString('utf8', start, stop));
  }

  /** An answer not whole yet: its bytes so far, copied out of the read buffer. */
  private keep(buf: Buffer): void {
    this.chunks = [Buffer.from(buf)];
    this.size = buf.length;
  }
}
