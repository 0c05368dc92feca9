/**
 * The Streamable HTTP server in-process (`serveHttp` on 127.0.0.1, real
 * worker threads) under the conditions of issue 25: a malformed tools/call
 * (-32602, not -32603), the bearer token and allowed origins, the session cap
 * (503 with the reason) and idle expiry, a client that disconnects mid-call
 * (its worker is freed at once), progress while queued, the wall-clock limit
 * in the answer, and a draining close (running calls are answered); and a
 * body over the bound, answered 413 to a client that reads only once it has
 * written everything, within a ceiling for a client that never finishes.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type DiscardCeiling, type RunningHttpServer } from './http.js';
import { DEFAULT_LIMITS, type ServerCaps } from './limits.js';
import { serveHttp, type HttpAccess } from './serve.js';
import { INITIALIZE as INIT, openSession as session, postRpc as post, rpcHeaders } from './test-harness.js';

type Running = Awaited<ReturnType<typeof serveHttp>>;

const sleepCall = (id: number, ms: number, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'debug_crash', arguments: { mode: 'sleep', ms, ...extra } } });

describe('groundplan mcp over HTTP: limits, access and shutdown', () => {
  let s: Running | undefined;
  afterEach(async () => {
    await s?.close(0);
    s = undefined;
  });
  const start = async (caps: Partial<ServerCaps> = {}, access: HttpAccess = {}, concurrency = 2): Promise<Running> =>
    (s = await serveHttp({ limits: { ...DEFAULT_LIMITS, wallSeconds: 2 }, concurrency, heapMb: 256, caps, testTools: true }, 0, access));

  it('answers a malformed tools/call with -32602 (invalid params) and its id', async () => {
    const { url } = await start();
    const h = await session(url);
    for (const params of [{}, { name: 'pddl_check', arguments: 'not an object' }]) {
      const r = await post(url, { jsonrpc: '2.0', id: 41, method: 'tools/call', params }, h);
      expect(r.messages).toMatchObject([{ id: 41, error: { code: -32602, message: expect.stringMatching(/^Invalid params for tools\/call: params\./) } }]);
    }
  });

  it('with a token, refuses requests without it (401) and serves those with it; with allowed origins, refuses others', async () => {
    const { url } = await start({}, { token: 's3cret', allowOrigins: ['http://app.example:8080'] });
    expect((await post(url, INIT)).status).toBe(401);
    expect((await post(url, INIT, { authorization: 'Bearer wrong' })).status).toBe(401);
    const ok = { authorization: 'Bearer s3cret' };
    expect((await post(url, INIT, { ...ok, origin: 'http://localhost:3000' })).status).toBe(403);
    expect((await post(url, INIT, { ...ok, origin: 'http://app.example:8080' })).status).toBe(200);
    expect((await post(url, INIT, ok)).status).toBe(200);
  });

  it('caps sessions (503 with the reason and the initialize id) and expires idle ones', async () => {
    const r = await start({ maxSessions: 2, sessionIdleMs: 400 });
    await session(r.url);
    const kept = await session(r.url);
    const refused = await post(r.url, { ...INIT, id: 'init-3' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(refused.messages).toMatchObject([{ id: 'init-3', error: { code: -32000, message: expect.stringMatching(/too many sessions: 2 open.*--max-sessions 2/) } }]);
    // idle sessions expire; their ids then answer 404, and new sessions are accepted
    await expect.poll(() => r.sessions(), { timeout: 5000, interval: 50 }).toBe(0);
    expect((await post(r.url, { jsonrpc: '2.0', id: 5, method: 'tools/list' }, kept)).status).toBe(404);
    await session(r.url);
    expect(r.stats()).toMatchObject({ sessionsRefused: 1, sessionsExpired: 2, sessions: 1 });
  });

  it('cancels the call of a client that disconnects, freeing its worker at once', async () => {
    const r = await start();
    const h = await session(r.url);
    const port = new URL(r.url).port;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: rpcHeaders(h) });
    req.on('error', () => undefined);
    req.end(JSON.stringify(sleepCall(1, 60_000, { cpuSeconds: 60 })));
    await expect.poll(() => r.pool.stats().running, { timeout: 20_000, interval: 20 }).toBe(1);
    req.destroy();
    await expect.poll(() => r.pool.stats(), { timeout: 3000, interval: 20 }).toMatchObject({ running: 0, cancelled: 1 });
    expect(r.stats()).toMatchObject({ cancelledOnDisconnect: 1, inFlight: 0 });
  });

  it('stops a call at its wall-clock limit and names the limit and the configured values in the answer', async () => {
    const { url } = await start();
    const h = await session(url);
    const r = await post(url, sleepCall(2, 30_000), h);
    const result = r.messages.find((m) => m.id === 2)?.result as { isError: boolean; structuredContent: unknown; _meta: Record<string, unknown> };
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ diagnostics: [expect.objectContaining({ code: 'wall-limit', message: expect.stringMatching(/wall-clock limit of 2\.0 s/) })] });
    expect(result._meta['groundplan/call']).toMatchObject({ stoppedBy: 'wall-limit', wallLimitMs: 2000, cpuLimitMs: 10_000, memoryLimitMb: 1024 });
  });

  it('sends progress with the queue position while a call waits; refuses calls past the queue cap', async () => {
    const r = await start({ maxQueued: 1 }, {}, 1);
    const client = new Client({ name: 't', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(r.url)));
    try {
      const first = client.callTool({ name: 'debug_crash', arguments: { mode: 'sleep', ms: 1500 } });
      await expect.poll(() => r.pool.stats().running, { timeout: 20_000, interval: 20 }).toBe(1);
      const messages: string[] = [];
      const second = client.callTool({ name: 'debug_crash', arguments: { mode: 'sleep', ms: 10 } }, undefined, { onprogress: (p) => messages.push(p.message ?? '') });
      await expect.poll(() => r.pool.stats().queued, { timeout: 5000, interval: 10 }).toBe(1);
      const third = (await client.callTool({ name: 'pddl_check', arguments: { domain: '(define (domain d))' } })) as { isError: boolean; structuredContent: unknown };
      expect(third.isError).toBe(true);
      expect(third.structuredContent).toMatchObject({ diagnostics: [{ code: 'server-busy', message: expect.stringMatching(/1 calls running and 1 waiting/) }] });
      await Promise.all([first, second]);
      expect(messages[0]).toBe('queued: 1 of 1 waiting for a worker');
    } finally {
      await client.close();
    }
  });

  it('on close, lets a running call finish within the grace period, and answers one past it with shutting-down', async () => {
    const r = await start();
    const h = await session(r.url);
    // warm both workers first, so that the grace period is not spent loading them
    await Promise.all([post(r.url, sleepCall(1, 10), h), post(r.url, sleepCall(2, 10), h)]);
    const short = post(r.url, sleepCall(3, 300), h);
    const long = post(r.url, sleepCall(4, 1900), h);
    await expect.poll(() => r.pool.stats().running, { timeout: 20_000, interval: 20 }).toBe(2);
    await r.close(1000);
    s = undefined;
    const [a, b] = await Promise.all([short, long]);
    expect(a.messages.find((m) => m.id === 3)).toMatchObject({ result: { isError: false } });
    expect(b.messages.find((m) => m.id === 4)).toMatchObject({ result: { isError: true, structuredContent: { diagnostics: [{ code: 'shutting-down' }] } } });
  });
});

interface RawReply {
  /** The status line and the rest of the answer as received, or the socket error's code. */
  text: string;
  error?: string;
  /** Bytes of the body the socket accepted before it failed or finished. */
  written: number;
}

/**
 * A POST written over a raw socket that reads nothing until it has written its
 * whole body (as a client under load may): `chunks` of 64 KiB, `gapMs` apart.
 */
function rawPost(port: number, chunks: number, gapMs = 0): Promise<RawReply> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    let written = 0;
    const done = (error?: string): void => {
      socket.destroy();
      resolve({ text, written, ...(error ? { error } : {}) });
    };
    socket.pause();
    socket.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => done());
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${chunks * chunk.length}\r\n\r\n`);
    let sent = 0;
    const next = (): void => {
      if (socket.destroyed) return;
      if (sent === chunks) {
        socket.resume();
        return;
      }
      sent++;
      const ok = socket.write(chunk, (err) => {
        if (!err) written += chunk.length;
      });
      if (gapMs > 0) setTimeout(next, gapMs);
      else if (ok) next();
      else socket.once('drain', next);
    };
    next();
  });
}

describe('groundplan mcp over HTTP: a body over the bound', () => {
  let h: RunningHttpServer | undefined;
  afterEach(async () => {
    await h?.close(0);
    h = undefined;
  });
  const start = async (discard?: DiscardCeiling): Promise<string> => {
    h = await startHttpServer({ port: 0, makeServer: () => new McpServer({ name: 't', version: '0' }), maxBodyBytes: 64 * 1024, maxSessions: 4, sessionIdleMs: 60_000, ...(discard ? { discard } : {}) });
    return new URL(h.url).port;
  };

  it('is read to its end and answered 413 with the JSON-RPC error, to a client that reads only after writing', async () => {
    const port = await start();
    // 8 MiB: far more than the socket buffers hold, so the server must read it for the client to finish writing
    for (let i = 0; i < 3; i++) {
      const r = await rawPost(Number(port), 128);
      expect(r.error).toBeUndefined();
      expect(r.written).toBe(128 * 64 * 1024);
      expect(r.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(r.text).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(r.text.slice(r.text.indexOf('{'), r.text.lastIndexOf('}') + 1))).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: "Payload Too Large: the request body is over the server's limit of 65536 bytes" } });
    }
  });

  it('is read no longer than the ceiling: a client that keeps sending slowly is answered 413 and cut off', async () => {
    const port = await start({ bytes: 64 * 1024 * 1024, ms: 300 });
    const t0 = Date.now();
    // 64 chunks 50 ms apart would take 3.2 s to send
    const r = await rawPost(Number(port), 64, 50);
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(r.written).toBeLessThan(64 * 64 * 1024);
  });
});
