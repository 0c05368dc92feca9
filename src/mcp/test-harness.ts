/**
 * Test helpers: start `groundplan mcp` as a child process (through tsx, as the
 * other CLI tests do) and talk to it with the SDK's own Client, over stdio or
 * over Streamable HTTP. The stdio transport here also lets a test write raw
 * bytes to the server and see replies the client cannot route (id null).
 * `postRpc` and `openSession` speak raw Streamable HTTP (for what a client
 * library hides: statuses, headers, disconnects); the load test uses them too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const REPO = join(import.meta.dirname, '../..');

export interface McpChild {
  client: Client;
  child: ChildProcess;
  stderr(): string;
  /** Lines from the server that are not routable JSON-RPC messages for the client (e.g. errors with id null). */
  stray: unknown[];
  /** Writes raw bytes to the server's stdin (stdio only). */
  writeRaw?(text: string): void;
  /** The HTTP endpoint (HTTP only). */
  url?: string;
  close(): Promise<void>;
}

function spawnCli(args: string[]): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mcp', ...args], {
    cwd: REPO,
    env: { ...process.env, GROUNDPLAN_MCP_TEST_TOOLS: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return { child, stderr: () => err };
}

/** A client transport over a child's stdin/stdout, newline-delimited JSON. */
class ChildStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buf = '';

  constructor(
    private readonly child: ChildProcess,
    private readonly stray: unknown[],
  ) {}

  async start(): Promise<void> {
    this.child.stdout?.on('data', (d: Buffer) => {
      this.buf += d.toString('utf8');
      for (let nl = this.buf.indexOf('\n'); nl >= 0; nl = this.buf.indexOf('\n')) {
        const line = this.buf.slice(0, nl);
        this.buf = this.buf.slice(nl + 1);
        if (line.trim() === '') continue;
        const value: unknown = JSON.parse(line);
        const parsed = JSONRPCMessageSchema.safeParse(value);
        if (parsed.success) this.onmessage?.(parsed.data);
        else this.stray.push(value);
      }
    });
    this.child.on('exit', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    this.child.stdin?.end();
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export async function startStdio(args: string[] = []): Promise<McpChild> {
  const { child, stderr } = spawnCli(args);
  const stray: unknown[] = [];
  const client = new Client({ name: 'groundplan-test', version: '0.0.0' });
  await client.connect(new ChildStdioTransport(child, stray));
  return {
    client,
    child,
    stderr,
    stray,
    writeRaw: (text) => child.stdin?.write(text),
    close: async () => {
      await client.close();
      await stop(child);
    },
  };
}

const RPC_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
export const INITIALIZE = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };

export interface RpcReply {
  status: number;
  headers: Headers;
  /** The JSON body, or the JSON-RPC messages of an event stream. */
  messages: Record<string, unknown>[];
}

/** One POST to the MCP endpoint with the headers Streamable HTTP needs. */
export async function postRpc(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RpcReply> {
  const res = await fetch(url, { method: 'POST', headers: { ...RPC_HEADERS, ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  const messages = res.headers.get('content-type')?.includes('text/event-stream')
    ? text.split('\n').filter((l) => l.startsWith('data: ') && l.length > 6).map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>)
    : text
      ? [JSON.parse(text) as Record<string, unknown>]
      : [];
  return { status: res.status, headers: res.headers, messages };
}

/** Opens a session with raw requests (no event stream held open, as an idle client leaves it); returns the headers for its next requests. */
export async function openSession(url: string, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const init = await postRpc(url, INITIALIZE, headers);
  const sid = init.headers.get('mcp-session-id');
  if (init.status !== 200 || !sid) throw new Error(`initialize answered ${init.status}: ${JSON.stringify(init.messages)}`);
  const h = { ...headers, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' };
  const done = await postRpc(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, h);
  if (done.status !== 202) throw new Error(`notifications/initialized answered ${done.status}`);
  return h;
}

/** The headers of a raw POST (for requests made with node:http). */
export const rpcHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({ ...RPC_HEADERS, ...extra });

export async function startHttp(args: string[] = []): Promise<McpChild> {
  const { child, stderr } = spawnCli(['--http', '0', ...args]);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no 'listening on' line from the server; stderr: ${stderr()}`)), 60_000);
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(stderr());
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(m[1]);
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${stderr()}`));
    });
  });
  const client = new Client({ name: 'groundplan-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    child,
    stderr,
    stray: [],
    url,
    close: async () => {
      await client.close();
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
