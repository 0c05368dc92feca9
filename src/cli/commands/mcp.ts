/**
 * `groundplan mcp`: the MCP server (stdio by default, `--http PORT` for
 * Streamable HTTP on 127.0.0.1), with per-call CPU, wall-clock, memory and
 * input limits, a concurrency limit and a queue cap; over HTTP a session cap
 * and idle expiry, an optional bearer token and allowed origins, and a
 * draining shutdown on SIGTERM/SIGINT. On stdio, stdout carries the protocol:
 * everything else goes to stderr. `groundplan mcp demo-agent`: an agent loop that drives
 * the server through an MCP client (offline with `--model synthetic`) and
 * prints the transcript as Markdown.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import type { TranscriptEntry } from '../../mcp/demo-agent.js';
import { DEFAULT_CAPS, DEFAULT_LIMITS, type ServerCaps, type ServerLimits } from '../../mcp/limits.js';
import { addModelOptions, resolveLlm, type ModelOptionValues } from '../model-option.js';

// The server, the SDK and the agent load only when an mcp command runs (dynamic imports below).

interface McpCliOptions {
  http?: string;
  concurrency?: string;
  cpuSeconds?: string;
  maxCpuSeconds?: string;
  memoryMb?: string;
  maxInputKb?: string;
  wallSeconds?: string;
  maxQueue?: string;
  maxSessions?: string;
  sessionIdleSeconds?: string;
  drainSeconds?: string;
  token?: string;
  allowOrigin?: string[];
}

/** The environment variable that may hold the HTTP bearer token (keeps it out of the process list). */
export const TOKEN_ENV = 'GROUNDPLAN_MCP_TOKEN';

interface DemoCliOptions extends ModelOptionValues {
  out?: string;
  seed: string;
  json?: boolean;
}

function positive(text: string | undefined, flag: string, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v))) throw new InputError('CLI_OPTION', `${flag} expects a positive ${integer ? 'integer' : 'number'}, got '${text}'`);
  return v;
}

function nonNegativeInt(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isInteger(v) || v < 0) throw new InputError('CLI_OPTION', `${flag} expects a whole number (0 or more), got '${text}'`);
  return v;
}

function capsFrom(opts: McpCliOptions): ServerCaps {
  const seconds = (text: string | undefined, flag: string, fallbackMs: number): number => {
    const v = positive(text, flag, false);
    return v === undefined ? fallbackMs : Math.round(v * 1000);
  };
  return {
    maxQueued: nonNegativeInt(opts.maxQueue, '--max-queue') ?? DEFAULT_CAPS.maxQueued,
    maxSessions: positive(opts.maxSessions, '--max-sessions', true) ?? DEFAULT_CAPS.maxSessions,
    sessionIdleMs: seconds(opts.sessionIdleSeconds, '--session-idle-seconds', DEFAULT_CAPS.sessionIdleMs),
    drainMs: opts.drainSeconds === '0' ? 0 : seconds(opts.drainSeconds, '--drain-seconds', DEFAULT_CAPS.drainMs),
  };
}

function limitsFrom(opts: McpCliOptions): { limits: ServerLimits; concurrency: number } {
  const maxCpu = positive(opts.maxCpuSeconds, '--max-cpu-seconds', false) ?? DEFAULT_LIMITS.maxCpuSeconds;
  const cpu = positive(opts.cpuSeconds, '--cpu-seconds', false) ?? Math.min(DEFAULT_LIMITS.defaultCpuSeconds, maxCpu);
  if (cpu > maxCpu) throw new InputError('CLI_OPTION', `--cpu-seconds ${cpu} is above --max-cpu-seconds ${maxCpu}`);
  const limits: ServerLimits = {
    defaultCpuSeconds: cpu,
    maxCpuSeconds: maxCpu,
    memoryMb: positive(opts.memoryMb, '--memory-mb', false) ?? DEFAULT_LIMITS.memoryMb,
    maxInputBytes: Math.round((positive(opts.maxInputKb, '--max-input-kb', false) ?? DEFAULT_LIMITS.maxInputBytes / 1024) * 1024),
  };
  const wall = positive(opts.wallSeconds, '--wall-seconds', false);
  if (wall !== undefined) limits.wallSeconds = wall;
  const concurrency = positive(opts.concurrency, '--concurrency', true) ?? Math.max(1, Math.min(4, availableParallelism()));
  return { limits, concurrency };
}

function log(line: string): void {
  process.stderr.write(`groundplan mcp: ${line}\n`);
}

async function serve(opts: McpCliOptions): Promise<void> {
  const { serveHttp, serveStdio } = await import('../../mcp/serve.js');
  const { limits, concurrency } = limitsFrom(opts);
  const port = opts.http === undefined ? undefined : Number(opts.http);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new InputError('CLI_OPTION', `--http expects a port number (0 for any free port), got '${opts.http}'`);
  const caps = capsFrom(opts);
  const token = opts.token ?? (process.env[TOKEN_ENV] || undefined);
  const allowOrigins = opts.allowOrigin?.flatMap((o) => o.split(',')).map((o) => o.trim()).filter((o) => o !== '');
  for (const o of allowOrigins ?? []) {
    if (!/^https?:\/\/[^/\s]+$/.test(o)) throw new InputError('CLI_OPTION', `--allow-origin expects an origin such as http://localhost:5173 (scheme://host[:port], no path), got '${o}'`);
  }
  if (port === undefined && (opts.token !== undefined || allowOrigins)) throw new InputError('CLI_OPTION', '--token and --allow-origin apply to --http only (over stdio, only the process that started the server can talk to it)');
  const serveOptions = { limits, concurrency, heapMb: limits.memoryMb, caps, testTools: process.env.GROUNDPLAN_MCP_TEST_TOOLS === '1' };
  const wall = limits.wallSeconds !== undefined ? `${limits.wallSeconds} s` : '3 × CPU + 10 s';
  const what = `concurrency ${concurrency}, queue ${caps.maxQueued}, CPU ${limits.defaultCpuSeconds} s per call (at most ${limits.maxCpuSeconds} s), wall ${wall}, memory ${limits.memoryMb} MiB, input ${Math.round(limits.maxInputBytes / 1024)} KiB`;
  if (port === undefined) {
    log(`serving on stdio (${what})`);
    await serveStdio(serveOptions);
    return;
  }
  const access = { ...(token !== undefined ? { token } : {}), ...(allowOrigins ? { allowOrigins } : {}) };
  const running = await serveHttp(serveOptions, port, access, (err) => log(`request failed: ${err instanceof Error ? err.message : String(err)}`));
  const guard = `${token !== undefined ? 'bearer token required' : 'no token'}, origins: ${allowOrigins ? allowOrigins.join(' ') : 'local'}`;
  log(`listening on ${running.url} (${what}; sessions ${caps.maxSessions}, idle expiry ${caps.sessionIdleMs / 1000} s; ${guard})`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      const s = running.stats();
      log(`shutting down: ${s.inFlight} request(s) in flight, draining for up to ${caps.drainMs / 1000} s`);
      void running.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** For the synthetic model only the demo agent's own knobs matter here. */
function describeModel(llm: { id: string; describe(): string }): string {
  if (llm.id !== 'synthetic') return llm.describe();
  const knobs = llm.describe().replace(/^synthetic LLM, knobs: /, '').split(', ').filter((k) => k.startsWith('agent'));
  return `synthetic LLM (stand-in with the gold problem and plan), knobs: ${knobs.join(', ')}`;
}

async function demoAgent(opts: DemoCliOptions): Promise<void> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const { KITCHEN_GOLD_PLAN, runDemoAgent, transcriptMarkdown } = await import('../../mcp/demo-agent.js');
  const { registerAgentSynthetic } = await import('../../mcp/demo-agent-synthetic.js');
  const { HOUSEHOLD_DEMO, packageRoot, RESOURCES } = await import('../../mcp/resources.js');
  const { SERVER_VERSION } = await import('../../mcp/server.js');
  registerAgentSynthetic();
  const seed = positive(opts.seed, '--seed', true) ?? 1;
  const problem = RESOURCES.find((r) => r.uri === 'groundplan://demo/kitchen-tidy/problem.pddl')?.read() ?? '';
  const truth = { problem, plan: KITCHEN_GOLD_PLAN, householdPlan: HOUSEHOLD_DEMO.plan };
  const llm = await resolveLlm(opts, { seed, truth, fallback: 'synthetic' });
  const client = llm.client;
  // The server is this same CLI, started as a child process and spoken to over stdio.
  const transport = new StdioClientTransport({ command: process.execPath, args: [...process.execArgv, process.argv[1], 'mcp'], cwd: packageRoot(), stderr: 'ignore' });
  const mcp = new Client({ name: 'groundplan-demo-agent', version: SERVER_VERSION });
  await mcp.connect(transport);
  const entries: TranscriptEntry[] = [];
  try {
    const summary = await runDemoAgent({ mcp, llm: client, onEntry: (e) => entries.push(e) });
    if (opts.json) {
      process.stdout.write(`${JSON.stringify({ model: llm.describe(), summary, transcript: entries })}\n`);
      return;
    }
    const head = [
      '<!-- produced by: groundplan mcp demo-agent --model synthetic --out docs/mcp-transcript.md -->',
      '# Demo agent transcript',
      '',
      `Model: ${describeModel(llm)}, seed ${seed}. The agent talks to \`groundplan mcp\` over stdio through the MCP SDK's client.`,
      '',
    ].join('\n');
    const tail = [
      '',
      '## Summary',
      '',
      `- problem: ${summary.problemOk ? 'passes pddl_check' : 'still has errors'} after ${summary.problemRounds} round(s)`,
      `- planner: ${summary.plannerCost !== undefined ? `cost ${summary.plannerCost}` : 'no plan'}`,
      `- own plan: ${summary.ownPlanValid ? 'valid as written' : summary.repaired ? 'repaired with pddl_repair_hints, then valid' : 'not repaired'}${summary.ownPlanCost !== undefined ? `, cost ${summary.ownPlanCost}` : ''}`,
      `- household plan: ${summary.householdValid ? 'valid (after household_repair where needed)' : 'still invalid'}`,
      '',
    ].join('\n');
    const md = `${head}\n${transcriptMarkdown(entries)}${tail}`;
    if (opts.out) writeFileSync(opts.out, md);
    else process.stdout.write(md);
  } finally {
    await mcp.close();
    await llm.close();
  }
}

export function register(program: Command): void {
  const mcp = program
    .command('mcp')
    .description('MCP server for LLM agents: pddl_check, pddl_plan, pddl_validate, pddl_explain, pddl_repair_hints, household_verify, household_repair (stdio; --http PORT for Streamable HTTP)')
    .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio (0: any free port)')
    .option('--concurrency <n>', 'most tool calls running at once, each on its own worker thread (default min(4, cores))')
    .option('--cpu-seconds <s>', 'CPU-time limit of a call that asks for none (default 10)')
    .option('--max-cpu-seconds <s>', "most CPU time a call may ask for with cpuSeconds (default 60)")
    .option('--memory-mb <mb>', "memory limit of a call: its worker's heap and the search's state arrays (default 1024)")
    .option('--max-input-kb <kb>', "largest total size of a call's arguments (default 1024)")
    .option('--wall-seconds <s>', 'wall-clock limit of a call once it runs (default 3 × its CPU limit + 10 s)')
    .option('--max-queue <n>', `most calls waiting for a worker; more are refused with server-busy (default ${DEFAULT_CAPS.maxQueued})`)
    .option('--max-sessions <n>', `HTTP: most open sessions; more initialize requests get 503 (default ${DEFAULT_CAPS.maxSessions})`)
    .option('--session-idle-seconds <s>', `HTTP: close a session idle this long (default ${DEFAULT_CAPS.sessionIdleMs / 1000})`)
    .option('--drain-seconds <s>', `HTTP: on SIGTERM, let running calls finish this long before stopping them with an error (default ${DEFAULT_CAPS.drainMs / 1000})`)
    .option('--token <token>', `HTTP: require Authorization: Bearer <token> (or set ${TOKEN_ENV}, which keeps it out of the process list)`)
    .option('--allow-origin <origin...>', 'HTTP: browser origins allowed (scheme://host[:port]; default any local origin)')
    .action((opts: McpCliOptions) => serve(opts));
  mcp
    .command('tools')
    .description("print the server's tools with their JSON Schemas (input and output), as tools/list gives them")
    .action(async () => {
      const { z } = await import('zod');
      const { TOOLS } = await import('../../mcp/tool-catalog.js');
      const tools = TOOLS.filter((t) => !t.debug).map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: z.toJSONSchema(t.input), outputSchema: z.toJSONSchema(t.output) }));
      process.stdout.write(`${JSON.stringify(tools, null, 2)}\n`);
    });
  addModelOptions(
    mcp
      .command('demo-agent')
      .description('run the example agent loop against `groundplan mcp` through an MCP client and print the transcript (offline with the default --model synthetic)')
      .option('--out <file>', 'write the Markdown transcript here instead of stdout')
      .option('--seed <n>', 'seed of the synthetic model', '1')
      .option('--json', 'print the summary and transcript as JSON'),
  ).action((opts: DemoCliOptions) => demoAgent(opts));
}
