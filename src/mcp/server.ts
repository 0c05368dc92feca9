/**
 * The groundplan MCP server (Model Context Protocol, on the official
 * TypeScript SDK): the PDDL and household tools with zod input and output
 * schemas, the bundled demo domains and the PDDL documentation as resources.
 *
 * Every tool call runs on a worker thread of the shared call pool under a CPU
 * limit (the call's `cpuSeconds`, default and cap set by the server), a
 * wall-clock limit, the pool's memory limits and the server's input size
 * limit; every answer carries these limits in `_meta`. Errors follow the
 * protocol: bad PDDL, a bad plan, an oversized input, an exhausted limit, a
 * full queue, a shutdown or a crash inside the call are tool results with
 * `isError: true` and located diagnostics; the server keeps serving. A
 * cancelled call (`notifications/cancelled`) terminates its worker; the SDK
 * sends no answer. While a call waits for a worker, a client that asked for
 * progress hears its place in the queue.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PoolRefusedError, type CallOutcome, type CallPool } from './call-pool.js';
import type { ProgressReport, ToolOutput } from './call-protocol.js';
import type { Diagnostic } from './diagnostics.js';
import { wallMsFor, type ServerLimits } from './limits.js';
import { registerResources } from './resources.js';
import { TOOLS, type ToolSpec } from './tool-catalog.js';

export const SERVER_NAME = 'groundplan';
export const SERVER_VERSION = '0.1.0';


export interface ServerOptions {
  pool: CallPool;
  limits: ServerLimits;
  /** Also offer `debug_crash` (for the server's own tests). */
  testTools?: boolean;
}

const INSTRUCTIONS = [
  'groundplan checks, plans and validates with explicit world models.',
  'For PDDL: write the domain and problem, call pddl_check until it reports no errors, call pddl_plan for a verified plan,',
  'or propose your own plan and call pddl_validate; when it fails, pddl_repair_hints suggests concrete edits.',
  'pddl_explain renders a model in plain language for review. For household scene graphs (GAVEL): household_verify and household_repair.',
  'Read groundplan://docs/pddl.md for the supported PDDL subset; groundplan://demo/... holds example inputs.',
].join(' ');

/** UTF-8 bytes of each top-level argument. */
function argumentSizes(args: Record<string, unknown>): [string, number][] {
  return Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? Buffer.byteLength(v, 'utf8') : Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8')]);
}

function kib(n: number): string {
  return `${(n / 1024).toFixed(1)} KiB`;
}

function errorResult(diagnostics: Diagnostic[], text: string, meta?: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { diagnostics }, ...(meta ? { _meta: meta } : {}) };
}

function toResult(out: ToolOutput, meta: Record<string, unknown>): CallToolResult {
  return {
    isError: out.isError,
    content: [
      { type: 'text', text: out.text },
      { type: 'text', text: JSON.stringify(out.structured) },
    ],
    structuredContent: out.structured,
    _meta: meta,
  };
}

const HINTS: Partial<Record<string, string>> = {
  'cpu-limit': 'give a larger cpuSeconds (up to the server maximum), a smaller problem, or a stronger heuristic',
  'wall-limit': 'the call got too little CPU in its wall time (a busy machine, or a blocked phase): retry later, or start the server with a larger --wall-seconds',
  'out-of-memory': 'a smaller problem, or a server with more memory (--memory-mb)',
  'server-busy': 'retry after running calls finish (the server queues at most --max-queue calls)',
  'shutting-down': 'the server is stopping: retry against a new server',
};

/** Crashes that are a limit the server set (the answer's _meta names it beside the configured values). */
const LIMIT_CODES = new Set(['cpu-limit', 'wall-limit', 'out-of-memory']);

const CRASH_CODES: Record<Exclude<CallOutcome, { kind: 'done' }>['reason'], string> = {
  'out-of-memory': 'out-of-memory',
  'cpu-limit': 'cpu-limit',
  'wall-limit': 'wall-limit',
  'worker-exit': 'internal-error',
  'worker-error': 'internal-error',
};

export function createMcpServer(options: ServerOptions): McpServer {

  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  const tools = TOOLS.filter((t) => !t.debug || options.testTools);
  for (const spec of tools) registerTool(server, spec, options);
  registerResources(server);
  return server;
}

function registerTool(server: McpServer, spec: ToolSpec, { pool, limits }: ServerOptions): void {
  server.registerTool(
    spec.name,
    { title: spec.title, description: spec.description, inputSchema: spec.input, outputSchema: spec.output, annotations: { readOnlyHint: true, openWorldHint: false } },
    async (args: Record<string, unknown>, extra): Promise<CallToolResult> => {
      const sizes = argumentSizes(args);
      const total = sizes.reduce((n, [, b]) => n + b, 0);
      if (total > limits.maxInputBytes) {
        const worst = [...sizes].sort((a, b) => b[1] - a[1])[0];
        const message = `the arguments are ${kib(total)}, over the server's input limit of ${kib(limits.maxInputBytes)} (largest: '${worst[0]}', ${kib(worst[1])})`;
        return errorResult([{ severity: 'error', code: 'input-too-large', message, hint: 'send a smaller input, or start the server with a larger --max-input-kb', source: 'input', path: worst[0] }], message);
      }
      const asked = typeof args.cpuSeconds === 'number' ? args.cpuSeconds : limits.defaultCpuSeconds;
      const cpuMs = Math.min(asked, limits.maxCpuSeconds) * 1000;
      const wallMs = wallMsFor(limits, cpuMs);
      const configured = { cpuLimitMs: cpuMs, wallLimitMs: wallMs, memoryLimitMb: limits.memoryMb };
      const token = extra._meta?.progressToken;
      let last = 0;
      const notify = (progress: number, message: string): void => {
        // Progress must strictly increase: queue reports count up by one, then CPU milliseconds towards the limit.
        last = Math.max(last + 1, progress);
        void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token as string | number, progress: last, total: cpuMs, message } }).catch(() => undefined);
      };
      const onProgress = token === undefined ? {} : {
        onProgress: (p: ProgressReport): void => notify(Math.round(p.cpuMs), p.message),
        onQueued: (position: number, queued: number): void => notify(0, `queued: ${position} of ${queued} waiting for a worker`),
      };
      let outcome: CallOutcome;
      try {
        outcome = await pool.run({ tool: spec.name, args, limits: { cpuMs, wallMs, maxBytes: limits.memoryMb * 1024 * 1024 } }, { signal: extra.signal, ...onProgress });
      } catch (err) {
        if (!(err instanceof PoolRefusedError)) throw err;
        const code = err.reason === 'queue-full' ? 'server-busy' : 'shutting-down';
        return errorResult([{ severity: 'error', code, message: err.message, hint: HINTS[code], source: 'input' }], `${code}: ${err.message}`, { 'groundplan/call': configured });
      }
      if (outcome.kind === 'done') return toResult(outcome.output, { 'groundplan/call': { ...outcome.timing, ...configured } });
      const code = CRASH_CODES[outcome.reason];
      const hint = HINTS[code] ?? 'the call crashed inside the server; the server goes on serving';
      // structuredContent must fit the tool's output schema even for errors (clients validate it): the limit hit goes in _meta
      const meta = { 'groundplan/call': { ...outcome.timing, ...configured, ...(LIMIT_CODES.has(code) ? { stoppedBy: code } : {}) } };
      return errorResult([{ severity: 'error', code, message: outcome.message, hint, source: 'input' }], `${code}: ${outcome.message}`, meta);
    },
  );
}
