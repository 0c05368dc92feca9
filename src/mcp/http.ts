/**
 * The Streamable HTTP transport on 127.0.0.1: one endpoint, `/mcp`, with
 * sessions (a new session per `initialize`, one McpServer per session, all
 * sharing the server's call pool).
 *
 * Who may talk to it: requests whose Host header is not this loopback address
 * are refused (DNS rebinding), and so are requests whose Origin is not allowed
 * (by default any local origin; with `allowOrigins`, only those); with a
 * `token`, every request must carry `Authorization: Bearer <token>` (401
 * otherwise).
 *
 * What it holds: at most `maxSessions` sessions (one more `initialize` is
 * answered 503 with the reason and a Retry-After); a session with no open
 * request and none for `sessionIdleMs` is closed (its id then answers 404, and
 * the client starts a new session). Bodies over `maxBodyBytes` are answered
 * 413 once read to their end (within a byte and time ceiling, so that the
 * client gets the 413 rather than a reset), malformed JSON with a JSON-RPC
 * parse error (the body is read here, so that the ids of the requests in it
 * are known).
 *
 * Calls it stops: when a client disconnects before its answer, its requests
 * are cancelled as if it had sent `notifications/cancelled` (the worker
 * running the call is terminated). `close(graceMs)` drains: it stops
 * accepting (new requests get 503), lets running requests finish for up to
 * `graceMs`, then calls `stopCalls` (the pool answers each remaining call with
 * a `shutting-down` tool error) and waits briefly for those answers to be
 * written before closing the sessions.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { guardToolCalls } from './tool-call-guard.js';

export interface HttpServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** A fresh McpServer for each session. */
  makeServer: () => McpServer;
  /** Largest request body in bytes. */
  maxBodyBytes: number;
  /** How much of a larger body is read and thrown away before it is answered 413 (default `DEFAULT_DISCARD`). */
  discard?: DiscardCeiling;
  /** Most open sessions. */
  maxSessions: number;
  /** A session with nothing open and no request for this long is closed. */
  sessionIdleMs: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** When set, the only browser origins accepted (exact `scheme://host[:port]`); otherwise any local origin. */
  allowOrigins?: readonly string[];
  /** Stops every running call (so that each is answered); called by `close` when the grace period is over. */
  stopCalls?: () => Promise<void>;
  onError?: (err: unknown) => void;
}

export interface HttpStats {
  sessions: number;
  /** Requests received and not yet answered. */
  inFlight: number;
  sessionsRefused: number;
  sessionsExpired: number;
  /** Requests cancelled because their client disconnected. */
  cancelledOnDisconnect: number;
  unauthorized: number;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  sessions(): number;
  stats(): HttpStats;
  /** Drains (see the file comment) and closes; `graceMs` defaults to 0 (stop running calls at once). */
  close(graceMs?: number): Promise<void>;
}

export const HOST = '127.0.0.1';

type RequestId = string | number;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
  /** Responses not yet ended (requests in progress, and the client's open event stream). */
  open: number;
  /** Requests in progress, by JSON-RPC id. */
  calls: Map<RequestId, ServerResponse>;
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, id: RequestId | null = null, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

function localHost(host: string | undefined, port: number): boolean {
  return host === `${HOST}:${port}` || host === `localhost:${port}`;
}

function originAllowed(origin: string | undefined, allow: readonly string[] | undefined): boolean {
  // Browsers send Origin with every cross-origin or POST request; other clients send none.
  if (origin === undefined) return true;
  if (allow) return allow.includes(origin);
  try {
    const u = new URL(origin);
    return u.hostname === HOST || u.hostname === 'localhost';
  } catch {
    return false;
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the Authorization header carries the token (compared in constant time). */
function authorized(header: string | undefined, token: Buffer | undefined): boolean {
  if (!token) return true;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]), token);
}

/** How much of an over-bound body is still read (and thrown away) before the 413 is sent. */
export interface DiscardCeiling {
  /** Bytes past the bound. */
  bytes: number;
  /** Time from the moment the body is known to be over the bound. */
  ms: number;
}

export const DEFAULT_DISCARD: DiscardCeiling = { bytes: 64 * 1024 * 1024, ms: 10_000 };

/** A body read: its text, or over the bound (`drained`: read to its end, so the answer reaches the client). */
type Body = { text: string } | { over: true; drained: boolean };

/**
 * Reads a body of at most `max` bytes. A larger one is still read to its end
 * and thrown away, within `ceiling`: a client may read the answer only once it
 * has written its whole request, and a socket closed with unread bytes in it
 * sends a reset that destroys the 413 before the client reads it (EPIPE or
 * ECONNRESET instead). The ceiling stops a client that sends without end, or
 * slowly, from holding the connection.
 */
function readBody(req: IncomingMessage, max: number, ceiling: DiscardCeiling): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    let over = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (body: Body): void => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      resolve(body);
    };
    const overflow = (): void => {
      over = true;
      chunks.length = 0;
      timer = setTimeout(() => finish({ over: true, drained: false }), ceiling.ms);
    };
    const onData = (chunk: Buffer): void => {
      n += chunk.length;
      if (over) {
        if (n > max + ceiling.bytes) finish({ over: true, drained: false });
      } else if (n > max) overflow();
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(over ? { over: true, drained: true } : { text: Buffer.concat(chunks).toString('utf8') });
    const onError = (err: Error): void => {
      clearTimeout(timer);
      reject(err);
    };
    // the client went away before the end: nobody to answer
    const onClose = (): void => onError(new Error('the client closed the connection while sending its request'));
    const declared = Number(req.headers['content-length']);
    if (declared > max + ceiling.bytes) return resolve({ over: true, drained: false });
    if (declared > max) overflow();
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** The ids of the JSON-RPC requests in a parsed body (one message or a batch). */
function requestIds(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.flatMap((m) => {
    if (typeof m !== 'object' || m === null || !('method' in m) || !('id' in m)) return [];
    const id = (m as { id: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? [id] : [];
  });
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const sessions = new Map<string, Session>();
  const token = options.token !== undefined ? digest(options.token) : undefined;
  const counts = { sessionsRefused: 0, sessionsExpired: 0, cancelledOnDisconnect: 0, unauthorized: 0 };
  let port = options.port;
  let draining = false;

  const closeSession = async (sid: string, s: Session): Promise<void> => {
    sessions.delete(sid);
    await s.server.close();
  };

  const sweep = (): void => {
    const now = Date.now();
    for (const [sid, s] of [...sessions]) {
      if (s.open === 0 && now - s.lastSeen > options.sessionIdleMs) {
        counts.sessionsExpired++;
        void closeSession(sid, s).catch((err: unknown) => options.onError?.(err));
      }
    }
  };
  const sweeper = setInterval(sweep, Math.max(50, Math.min(30_000, options.sessionIdleMs / 4)));
  sweeper.unref();

  /** Counts the response as open while it lasts; a request whose client goes away before its answer is cancelled. */
  const track = (s: Session, res: ServerResponse, ids: RequestId[]): void => {
    s.open++;
    s.lastSeen = Date.now();
    for (const id of ids) s.calls.set(id, res);
    res.once('close', () => {
      s.open--;
      s.lastSeen = Date.now();
      for (const id of ids) {
        if (s.calls.get(id) !== res) continue;
        s.calls.delete(id);
        if (res.writableFinished) continue;
        counts.cancelledOnDisconnect++;
        s.transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'the client disconnected' } });
      }
    });
  };

  /** The body of a POST, parsed; undefined when an error was answered. */
  const parseBody = async (req: IncomingMessage, res: ServerResponse): Promise<{ body: unknown } | undefined> => {
    const body = await readBody(req, options.maxBodyBytes, options.discard ?? DEFAULT_DISCARD);
    if ('over' in body) {
      jsonRpcError(res, 413, -32000, `Payload Too Large: the request body is over the server's limit of ${options.maxBodyBytes} bytes`, null, { connection: 'close' });
      // not read to its end: the rest of it would be read as the next request
      if (!body.drained) res.once('finish', () => req.socket.destroy());
      return undefined;
    }
    try {
      return { body: JSON.parse(body.text) as unknown };
    } catch {
      jsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON');
      return undefined;
    }
  };

  const newSession = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (sessions.size >= options.maxSessions) sweep();
    if (sessions.size >= options.maxSessions) {
      counts.sessionsRefused++;
      const retry = Math.ceil(options.sessionIdleMs / 1000);
      const message = `too many sessions: ${sessions.size} open, the server's limit (--max-sessions ${options.maxSessions}); close one (DELETE /mcp with its session id) or retry when idle sessions expire (after ${retry} s without a request)`;
      return jsonRpcError(res, 503, -32000, message, requestIds(body)[0] ?? null, { 'retry-after': String(Math.min(retry, 60)) });
    }
    const server = options.makeServer();
    const s: Session = { transport: undefined as unknown as StreamableHTTPServerTransport, server, lastSeen: Date.now(), open: 0, calls: new Map() };
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        sessions.set(sid, s);
      },
      maxRequestBodySize: options.maxBodyBytes,
    });
    s.transport = transport;
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    guardToolCalls(transport);
    track(s, res, requestIds(body));
    await transport.handleRequest(req, res, body);
    // Not an initialize request (or a malformed one): no session was made.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await server.close();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    if (path !== '/mcp') return jsonRpcError(res, 404, -32601, `not found: ${path} (the MCP endpoint is /mcp)`);
    if (!localHost(req.headers.host, port)) return jsonRpcError(res, 403, -32600, 'forbidden: this server only answers requests addressed to 127.0.0.1 or localhost');
    if (!originAllowed(req.headers.origin, options.allowOrigins)) return jsonRpcError(res, 403, -32600, `forbidden: origin ${req.headers.origin} is not allowed${options.allowOrigins ? ' (see --allow-origin)' : ' (only local origins are, unless --allow-origin names others)'}`);
    if (!authorized(req.headers.authorization, token)) {
      counts.unauthorized++;
      return jsonRpcError(res, 401, -32001, 'unauthorized: this server needs Authorization: Bearer <token> (the token it was started with)', null, { 'www-authenticate': 'Bearer realm="groundplan"' });
    }
    if (draining) return jsonRpcError(res, 503, -32000, 'the server is shutting down', null, { connection: 'close' });
    const header = req.headers['mcp-session-id'];
    const sid = Array.isArray(header) ? header[0] : header;
    if (sid !== undefined) {
      const s = sessions.get(sid);
      if (!s) return jsonRpcError(res, 404, -32001, `session not found: ${sid} (it expired or was closed; start a new one with initialize)`);
      if (req.method !== 'POST') {
        track(s, res, []);
        return s.transport.handleRequest(req, res);
      }
      const parsed = await parseBody(req, res);
      if (!parsed) return;
      track(s, res, requestIds(parsed.body));
      return s.transport.handleRequest(req, res, parsed.body);
    }
    if (req.method !== 'POST') return jsonRpcError(res, 400, -32000, 'no session: start one with an initialize request (POST)');
    const parsed = await parseBody(req, res);
    if (parsed) await newSession(req, res, parsed.body);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      options.onError?.(err);
      if (!res.headersSent) jsonRpcError(res, 500, -32603, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, HOST, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  const inFlight = (): number => [...sessions.values()].reduce((n, s) => n + s.calls.size, 0);
  const waitFor = async (done: () => boolean, ms: number): Promise<void> => {
    const until = Date.now() + ms;
    while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  };
  return {
    url: `http://${HOST}:${port}/mcp`,
    port,
    sessions: () => sessions.size,
    stats: () => ({ sessions: sessions.size, inFlight: inFlight(), ...counts }),
    async close(graceMs = 0) {
      draining = true;
      clearInterval(sweeper);
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      await waitFor(() => inFlight() === 0, graceMs);
      if (inFlight() > 0 && options.stopCalls) {
        await options.stopCalls();
        await waitFor(() => inFlight() === 0, 2000);
      }
      for (const [sid, s] of [...sessions]) await closeSession(sid, s);
      http.closeAllConnections();
      await closed;
    },
  };
}
