/**
 * The groundplan MCP server (Model Context Protocol, on the official
 * TypeScript SDK): the PDDL and household tools with zod input and output
 * schemas, the bundled demo domains and the PDDL documentation as resources.
 *
 * Every tool call runs on a worker thread of the shared call pool under a CPU
 * limit (the call's `cpuSeconds`, default and cap set by the server), the
 * pool's memory limits and the server's input size limit. Errors follow the
 * protocol: bad PDDL, a bad plan, an oversized input, an exhausted limit or a
 * crash inside the call are tool results with `isError: true` and located
 * diagnostics; the server keeps serving. A cancelled call
 * (`notifications/cancelled`) terminates its worker; the SDK sends no answer.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome, CallPool } from './call-pool.js';
import type { ProgressReport, ToolOutput } from './call-protocol.js';
import type { Diagnostic } from './diagnostics.js';
import type { ServerLimits } from './limits.js';
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

const CRASH_CODES: Record<Exclude<CallOutcome, { kind: 'done' }>['reason'], string> = {
  'out-of-memory': 'out-of-memory',
  'cpu-limit': 'cpu-limit',
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
      const token = extra._meta?.progressToken;
      let last = 0;
      const onProgress =
        token === undefined
          ? undefined
          : (p: ProgressReport): void => {
              // Progress counts CPU milliseconds towards the limit; it must strictly increase.
              last = Math.max(last + 1, Math.round(p.cpuMs));
              void extra
                .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: last, total: cpuMs, message: p.message } })
                .catch(() => undefined);
            };
      const outcome = await pool.run(
        { tool: spec.name, args, limits: { cpuMs, maxBytes: limits.memoryMb * 1024 * 1024 } },
        { signal: extra.signal, ...(onProgress ? { onProgress } : {}) },
      );
      const meta = { 'groundplan/call': { ...outcome.timing, cpuLimitMs: cpuMs } };
      if (outcome.kind === 'done') return toResult(outcome.output, meta);
      const code = CRASH_CODES[outcome.reason];
      const hint =
        outcome.reason === 'cpu-limit'
          ? 'give a larger cpuSeconds (up to the server maximum), a smaller problem, or a stronger heuristic'
          : outcome.reason === 'out-of-memory'
            ? 'a smaller problem, or a server with more memory (--memory-mb)'
            : 'the call crashed inside the server; the server goes on serving';
      return errorResult([{ severity: 'error', code, message: outcome.message, hint, source: 'input' }], `${code}: ${outcome.message}`, meta);
    },
  );
}
