/**
 * `groundplan plan DOMAIN PROBLEM [--search ..] [--heuristic ..] [--timeout SEC] [-o plan.txt] [--json]`:
 * parse, ground, search, map the plan back to lifted actions, validate it
 * with the VAL-style validator and print it in IPC format. Exit 0 solved,
 * 1 unsolvable / timeout, 2 bad input, 3 out of memory (`memout`, with one
 * `memout: ...` line saying which limit). Departures from the standard
 * (src/pddl/compat-policy.ts: what Fast Downward accepts, and a few it
 * refuses that real files need) are accepted with one
 * `file:line:col: warning: ...` line each on stderr; `--strict` refuses them.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { formatWarning } from '../../pddl/diagnostics.js';
import type { CostType } from '../../planner/compiled-task.js';
import { DEFAULT_SEARCH } from '../../planner/planner.js';
import { HEURISTIC_NAMES, SEARCH_NAMES } from '../../planner/registry.js';
import { processCpuMs } from '../../planner/search/best-first.js';
import type { SearchEvent } from '../../planner/search/result.js';
import { inputErrorOf, planPddl } from '../../pipeline/plan-pddl.js';
import { MEMOUT_EXIT } from '../fail.js';
import { readText } from '../read-input.js';
import { canRedraw } from '../terminal.js';

interface PlanCliOptions {
  search: string;
  heuristic?: string;
  preferred: boolean;
  costType?: string;
  timeout?: string;
  maxStates?: string;
  memoryMb?: string;
  output?: string;
  json?: boolean;
  validate: boolean;
  progress: boolean;
  cpuTime?: boolean;
  strict?: boolean;
}

function positiveNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!(v > 0) || !Number.isFinite(v)) throw new InputError('CLI_OPTION', `${flag} expects a positive number, got '${text}'`);
  return v;
}

export function register(program: Command): void {
  program
    .command('plan')
    .description('find a plan for a PDDL domain and problem; exit 0 solved, 1 unsolvable/timeout, 2 bad input, 3 out of memory')
    .argument('<domain>', 'PDDL domain file')
    .argument('<problem>', 'PDDL problem file')
    .option('--search <name>', SEARCH_NAMES.join(' | '), DEFAULT_SEARCH)
    .option('--heuristic <name>', `${HEURISTIC_NAMES.join(' | ')} (default ff; lmcut for astar)`)
    .option('--no-preferred', 'do not use preferred operators')
    .option('--cost-type <type>', 'costs the heuristic sees: normal | one | plusone (default: one for greedy, normal otherwise)')
    .option('--timeout <sec>', 'time limit in seconds (parsing and grounding included)')
    .option('--cpu-time', 'count --timeout in process CPU time (user+sys) instead of wall time')
    .option('--max-states <n>', 'stop with memout above this many states')
    .option('--memory-mb <mb>', 'stop with memout when the typed arrays exceed this size (default 3072) or the JavaScript heap nears its limit')
    .option('-o, --output <file>', 'also write the plan to this file')
    .option('--json', 'print one JSON object instead of text')
    .option('--no-validate', 'skip validating the plan against the PDDL task')
    .option('--no-progress', 'no progress line on stderr')
    .option('--strict', 'refuse every departure from the PDDL standard (exit 2) instead of accepting it with a warning (what Fast Downward accepts, and a few departures it refuses: docs/pddl.md)')
    .action((domainPath: string, problemPath: string, opts: PlanCliOptions) => {
      const t0 = performance.now();
      const timeoutSec = positiveNumber(opts.timeout, '--timeout');
      const maxStates = positiveNumber(opts.maxStates, '--max-states');
      const memoryMb = positiveNumber(opts.memoryMb, '--memory-mb');
      let costType: CostType | undefined;
      if (opts.costType !== undefined) {
        if (opts.costType !== 'normal' && opts.costType !== 'one' && opts.costType !== 'plusone') {
          throw new InputError('CLI_OPTION', `--cost-type expects normal, one or plusone, got '${opts.costType}'`);
        }
        costType = opts.costType;
      }
      const domainText = readText(domainPath, 'domain');
      const problemText = readText(problemPath, 'problem');

      const showProgress = opts.progress && !opts.json && canRedraw(process.stderr);
      let progressShown = false;
      const onEvent = (e: SearchEvent): void => {
        if (e.kind === 'progress') {
          const line = `search: ${e.expansions} expanded, ${e.states} states, best h ${e.bestH}, ${Math.round(e.expansionsPerSec)} exp/s, ${(e.elapsedMs / 1000).toFixed(1)} s`;
          process.stderr.write(`\r\x1b[K${line}`);
          progressShown = true;
        } else {
          process.stderr.write(`\r\x1b[Kplan found: cost ${e.cost}, length ${e.length} (${e.config}, ${(e.elapsedMs / 1000).toFixed(1)} s)\n`);
        }
      };
      const result = planPddl(
        { text: domainText, file: domainPath },
        { text: problemText, file: problemPath },
        {
          search: opts.search,
          heuristic: opts.heuristic,
          preferred: opts.preferred,
          costType,
          timeoutMs: timeoutSec === undefined ? undefined : timeoutSec * 1000,
          // CPU budgets count the whole process (startup included); wall budgets start here.
          ...(opts.cpuTime ? { now: processCpuMs, startedAt: 0 } : { startedAt: t0 }),
          maxStates,
          maxBytes: memoryMb === undefined ? undefined : memoryMb * 1024 * 1024,
          validate: opts.validate,
          strict: Boolean(opts.strict),
          onEvent: showProgress ? onEvent : undefined,
        },
      );
      if (progressShown) process.stderr.write('\r\x1b[K');
      // Each accepted departure from the standard, once, before anything else.
      for (const w of result.warnings) process.stderr.write(`${formatWarning(w)}\n`);
      if (result.status === 'input-error') throw inputErrorOf(result.errors);
      const { timing, ground } = result;
      const costKind = ground.actionCosts ? 'general cost' : 'unit cost';
      if (result.status === 'solved' && opts.output) writeFileSync(opts.output, result.planText);
      const valid = result.status === 'solved' ? result.valid : undefined;

      if (opts.json) {
        const out = {
          status: result.status,
          config: result.config,
          ...(result.status === 'solved'
            ? { plan: result.plan.map((s) => (s.args.length ? `(${s.name} ${s.args.join(' ')})` : `(${s.name})`)), cost: result.cost, length: result.plan.length, costKind, optimal: result.optimal }
            : {}),
          ...(result.status === 'unsolvable' ? { proven: result.proven } : {}),
          ...(result.status === 'memout' ? { reason: result.reason } : {}),
          ...(result.status === 'solved' && result.valid !== undefined ? { valid: result.valid, validation: result.validation } : {}),
          ...(result.status === 'solved' && result.improvements.length > 0 ? { improvements: result.improvements } : {}),
          warnings: result.warnings.map((w) => ({ code: w.code, message: w.message, file: w.span?.file ?? null, line: w.span?.start.line ?? null, col: w.span?.start.col ?? null })),
          stats: result.stats,
          ground: { facts: ground.facts, operators: ground.operators, ms: Math.round(ground.stats.ms * 10) / 10 },
          timing,
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } else {
        if (result.status === 'solved') process.stdout.write(result.planText);
        const s = result.stats;
        const lines = [
          `status: ${result.status}${result.status === 'unsolvable' ? (result.proven ? ' (proven)' : ' (not proven)') : ''} [${result.config}]`,
          `ground: ${ground.facts} facts, ${ground.operators} operators`,
          `search: ${s.expansions} expanded, ${s.evaluations} evaluated, ${s.generated} generated, ${s.states} states, ${s.reopened} reopened, initial h ${Number.isNaN(s.initialH) ? '-' : s.initialH}`,
          `time: parse ${timing.parseMs} ms, ground ${timing.groundMs} ms, search ${timing.searchMs} ms, total ${timing.totalMs} ms`,
        ];
        if (result.status === 'solved') {
          lines.unshift(`plan: length ${result.plan.length}, cost ${result.cost}${result.optimal ? ' (optimal)' : ''}`);
          if (result.validation !== undefined) lines.push(`validation: ${result.validation}`);
        }
        process.stderr.write(`${lines.join('\n')}\n`);
      }
      if (result.status === 'memout') {
        if (!opts.json) process.stderr.write(`memout: out of memory: ${result.reason}\n`);
        process.exitCode = MEMOUT_EXIT;
        return;
      }
      if (valid === false) {
        process.stderr.write('error: the plan found does not validate (a planner or grounder bug)\n');
        process.exitCode = 1;
        return;
      }
      process.exitCode = result.status === 'solved' ? 0 : 1;
    });
}
