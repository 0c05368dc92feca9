/**
 * Assembling a running server: the call pool (worker module found next to
 * this one: the built `.js`, or the `.ts` source loaded through tsx), the
 * McpServer, and the stdio or Streamable HTTP transport.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CallPool } from './call-pool.js';
import { startHttpServer, type RunningHttpServer } from './http.js';
import { DEFAULT_CAPS, type ServerCaps, type ServerLimits } from './limits.js';
import { createMcpServer } from './server.js';
import { LineStdioTransport } from './stdio-transport.js';
import { guardToolCalls } from './tool-call-guard.js';

export interface ServeOptions {
  limits: ServerLimits;
  /** Most calls running at once. */
  concurrency: number;
  /** V8 heap limit of each call's worker thread in MiB. */
  heapMb: number;
  /** Queue, session and shutdown bounds (defaults: `DEFAULT_CAPS`). */
  caps?: Partial<ServerCaps>;
  testTools?: boolean;
}

/** Who may use the HTTP server besides local, same-host clients (see docs/mcp.md, Security). */
export interface HttpAccess {
  /** Required `Authorization: Bearer` token. */
  token?: string;
  /** The browser origins allowed (instead of any local origin). */
  allowOrigins?: readonly string[];
}

/**
 * The worker module and how to load it: from `dist/` as JavaScript; from
 * `src/` (run through tsx) by a one-line bootstrap that registers tsx in the
 * worker thread and imports the TypeScript entry (Node 20 does not carry the
 * main thread's `--import` hooks into workers).
 */
export function callWorkerModule(): { filename: URL | string; execArgv: string[]; eval?: boolean } {
  const js = new URL('./call-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { filename: js, execArgv: [] };
  const api = import.meta.resolve('tsx/esm/api');
  const ts = new URL('./call-worker.ts', import.meta.url).href;
  return { filename: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(ts)}); });`, execArgv: [], eval: true };
}

export function createPool(options: ServeOptions): CallPool {
  return new CallPool({ size: options.concurrency, worker: callWorkerModule(), heapMb: options.heapMb, maxQueued: capsOf(options).maxQueued });
}

export function capsOf(options: ServeOptions): ServerCaps {
  return { ...DEFAULT_CAPS, ...options.caps };
}

/** Transport bound on one message: generously above the tool input limit, so that oversized tool inputs still reach the tool and get a tool error. */
export function transportLimit(limits: ServerLimits): number {
  return limits.maxInputBytes * 4 + 1024 * 1024;
}

/** Serves on stdin/stdout until stdin closes; resolves then. */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const pool = createPool(options);
  const server = createMcpServer({ pool, limits: options.limits, ...(options.testTools ? { testTools: true } : {}) });
  const transport = new LineStdioTransport(process.stdin, process.stdout, transportLimit(options.limits));
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  guardToolCalls(transport);
  await closed;
  await pool.close();
}

/** Serves Streamable HTTP on 127.0.0.1:port (0: a free port). */
export async function serveHttp(options: ServeOptions, port: number, access: HttpAccess = {}, onError?: (err: unknown) => void): Promise<RunningHttpServer & { pool: CallPool }> {
  const pool = createPool(options);
  const caps = capsOf(options);
  const http = await startHttpServer({
    port,
    makeServer: () => createMcpServer({ pool, limits: options.limits, ...(options.testTools ? { testTools: true } : {}) }),
    maxBodyBytes: transportLimit(options.limits),
    maxSessions: caps.maxSessions,
    sessionIdleMs: caps.sessionIdleMs,
    stopCalls: () => pool.close(),
    ...access,
    ...(onError ? { onError } : {}),
  });
  return {
    ...http,
    pool,
    /** Drains for up to `graceMs` (default: the drain cap), then stops what still runs; see `startHttpServer`. */
    async close(graceMs = caps.drainMs) {
      await http.close(graceMs);
      await pool.close();
    },
  };
}
