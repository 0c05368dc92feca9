/**
 * The Streamable HTTP transport on 127.0.0.1: one endpoint, `/mcp`, with
 * sessions (a new session per `initialize`, one McpServer per session, all
 * sharing the server's call pool). Requests whose Host header is not this
 * loopback address, or whose Origin is not local, are refused (DNS-rebinding
 * protection). Bodies over the transport bound are answered 413 by the SDK;
 * malformed JSON is answered with a JSON-RPC parse error.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface HttpServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** A fresh McpServer for each session. */
  makeServer: () => McpServer;
  /** Largest request body in bytes. */
  maxBodyBytes: number;
  onError?: (err: unknown) => void;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}

export const HOST = '127.0.0.1';

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

function localHost(host: string | undefined, port: number): boolean {
  return host === `${HOST}:${port}` || host === `localhost:${port}`;
}

function localOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const u = new URL(origin);
    return u.hostname === HOST || u.hostname === 'localhost';
  } catch {
    return false;
  }
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();
  let port = options.port;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    if (path !== '/mcp') return jsonRpcError(res, 404, -32601, `not found: ${path} (the MCP endpoint is /mcp)`);
    if (!localHost(req.headers.host, port) || !localOrigin(req.headers.origin)) return jsonRpcError(res, 403, -32600, 'forbidden: this server only answers local requests');
    const header = req.headers['mcp-session-id'];
    const id = Array.isArray(header) ? header[0] : header;
    if (id !== undefined) {
      const s = sessions.get(id);
      if (!s) return jsonRpcError(res, 404, -32001, `session not found: ${id}`);
      return s.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return jsonRpcError(res, 400, -32000, 'no session: start one with an initialize request (POST)');
    const server = options.makeServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        sessions.set(sid, { transport, server });
      },
      maxRequestBodySize: options.maxBodyBytes,
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // Not an initialize request (or a malformed one): no session was made.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await server.close();
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
  return {
    url: `http://${HOST}:${port}/mcp`,
    port,
    sessions: () => sessions.size,
    async close() {
      for (const s of [...sessions.values()]) await s.server.close();
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
