/**
 * `groundplan view TRACE.jsonl`: check the trace (each line a TraceRecord, see
 * src/eval/types.ts), then serve the built trace viewer (`dist/viewer/`) and
 * the trace at `/trace.jsonl` from a plain `node:http` server on 127.0.0.1
 * until Ctrl-C. The server does nothing else: static files and the trace.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { GroundplanError, InputError } from '../../core/errors.js';
import { packageRoot } from '../../core/package-data.js';
import { readText } from '../read-input.js';

/** What `checkTrace` found in a valid trace. */
export interface TraceSummary {
  env: string;
  instruction: string;
  steps: number;
  /** False when the trace has no `result` line (the run was killed). */
  finished: boolean;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

const STEP_FIELDS: ReadonlyArray<[string, string]> = [
  ['step', 'number'],
  ['action', 'string'],
  ['feasible', 'boolean'],
  ['reward', 'number'],
  ['totalReward', 'number'],
];

/**
 * Check a JSONL trace: line 1 an `episode` record, then `step` records, then
 * at most one `result` as the last line. Throws an `InputError` at
 * `file:line:col` naming the first problem.
 */
export function checkTrace(text: string, file: string): TraceSummary {
  const at = (line: number, message: string, col = 1): InputError =>
    new InputError('TRACE_FORMAT', message, { file, start: { line, col, offset: 0 }, end: { line, col, offset: 0 } });
  let episode: Rec | undefined;
  let steps = 0;
  let resultLine = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    if (lines[i].trim() === '') continue;
    let rec: unknown;
    try {
      rec = JSON.parse(lines[i]);
    } catch (e) {
      const m = /position (\d+)/.exec((e as Error).message);
      throw at(n, `not a JSON line (${(e as Error).message})`, m ? Number(m[1]) + 1 : 1);
    }
    if (!isRec(rec)) throw at(n, 'expected a JSON object');
    if (resultLine) throw at(n, `a record after the result line ${resultLine}`);
    if (!episode && rec.type !== 'episode') throw at(n, `the first record must be {"type":"episode",...}, got type ${JSON.stringify(rec.type)}`);
    switch (rec.type) {
      case 'episode':
        if (episode) throw at(n, 'a second episode record');
        if (typeof rec.env !== 'string') throw at(n, 'episode: "env" must be a string (kitchen, household, ...)');
        if (!isRec(rec.spec)) throw at(n, 'episode: "spec" must be an object');
        if (!isRec(rec.world)) throw at(n, 'episode: "world" must be an object');
        if (typeof rec.instruction !== 'string') throw at(n, 'episode: "instruction" must be a string');
        episode = rec;
        break;
      case 'step':
        for (const [field, type] of STEP_FIELDS) {
          if (typeof rec[field] !== type) throw at(n, `step: "${field}" must be a ${type}, got ${JSON.stringify(rec[field]) ?? 'nothing'}`);
        }
        for (const field of ['state', 'belief', 'search', 'plan', 'details']) {
          if (rec[field] !== undefined && !isRec(rec[field])) throw at(n, `step: "${field}" must be an object`);
        }
        if (isRec(rec.belief) && !Array.isArray(rec.belief.goals)) throw at(n, 'step: "belief.goals" must be an array');
        steps++;
        break;
      case 'result':
        if (!isRec(rec.row)) throw at(n, 'result: "row" must be an object');
        resultLine = n;
        break;
      default:
        throw at(n, `unknown record type ${JSON.stringify(rec.type)} (expected episode, step or result)`);
    }
  }
  if (!episode) throw new InputError('TRACE_FORMAT', `${file}: empty trace (no episode record)`);
  return { env: String(episode.env), instruction: String(episode.instruction), steps, finished: resultLine > 0 };
}

/** The built viewer's folder (`dist/viewer` in the package root). */
export function viewerDir(): string {
  return join(packageRoot(), 'dist', 'viewer');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface ViewServerOptions {
  trace: string;
  port?: number;
  host?: string;
  /** Defaults to `viewerDir()`. */
  root?: string;
}

export interface ViewServer {
  url: string;
  summary: TraceSummary;
  close(): Promise<void>;
}

/** Check the trace, then serve the viewer and the trace. Resolves once listening. */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  const root = resolve(options.root ?? viewerDir());
  if (!existsSync(join(root, 'index.html'))) {
    throw new GroundplanError('VIEWER_MISSING', `the trace viewer is not built (no ${join(root, 'index.html')}); build it with 'npm run build' (or 'npx vite build --config viewer/vite.config.ts')`);
  }
  const tracePath = resolve(options.trace);
  const summary = checkTrace(readText(tracePath, 'trace'), options.trace);
  const server: Server = createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer): void => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'method not allowed\n');
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return send(400, 'text/plain', 'bad path\n');
    }
    if (path === '/trace.jsonl') {
      try {
        return send(200, 'application/x-ndjson; charset=utf-8', readFileSync(tracePath));
      } catch {
        return send(404, 'text/plain', 'trace file is gone\n');
      }
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (file !== root && !file.startsWith(root + sep)) return send(403, 'text/plain', 'forbidden\n');
    if (!existsSync(file) || !statSync(file).isFile()) return send(404, 'text/plain', 'not found\n');
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => fail(new GroundplanError('VIEW_LISTEN', `cannot listen on ${host}:${options.port ?? 0} (${e.code ?? e.message})`)));
    server.listen(options.port ?? 0, host, ok);
  });
  const addr = server.address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}/`,
    summary,
    close: () => new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}

/** Servers `groundplan view` started in this process, with their signal handlers. */
const running = new Map<ViewServer, () => void>();

/** Stop the servers `groundplan view` started in this process (tests, embedding). */
export async function closeViewServers(): Promise<void> {
  const all = [...running];
  running.clear();
  for (const [, stop] of all) {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  await Promise.all(all.map(([s]) => s.close()));
}

function port(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InputError('CLI_OPTION', `--port: expected an integer 0..65535, got '${raw}'`);
  return n;
}

export function register(program: Command): void {
  program
    .command('view')
    .description('check a JSONL trace and serve the trace viewer for it on http://127.0.0.1 (until Ctrl-C)')
    .argument('<trace>', 'trace file written by --trace (kitchen run, household run, bench)')
    .option('--port <n>', 'port to listen on (0 = any free port)', '4180')
    .option('--host <addr>', 'address to listen on', '127.0.0.1')
    .action(async (trace: string, opts: { port: string; host: string }) => {
      const server = await startViewServer({ trace, port: port(opts.port), host: opts.host });
      const s = server.summary;
      process.stdout.write(`${s.env} trace: ${s.steps} steps${s.finished ? '' : ' (no result line: the run did not finish)'} — ${s.instruction}\n`);
      process.stdout.write(`viewer at ${server.url}  (Ctrl-C to stop)\n`);
      const stop = (): void => {
        running.delete(server);
        void server.close().then(() => process.exit(0));
      };
      running.set(server, stop);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
