/**
 * `groundplan plan DOMAIN PROBLEM [--search ..] [--heuristic ..] [--timeout SEC] [-o plan.txt] [--json]`:
 * parse, ground, search, map the plan back to lifted actions, validate it
 * with the VAL-style validator and print it in IPC format. Exit 0 solved,
 * 1 unsolvable / timeout / out of memory, 2 bad input.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { ground } from '../../pddl/ground.js';
import { parseDomain } from '../../pddl/parse-domain.js';
import { parseProblem } from '../../pddl/parse-problem.js';
import { CompiledTask, type CostType } from '../../planner/compiled-task.js';
import { DEFAULT_SEARCH, planTask, type PlanResult } from '../../planner/planner.js';
import { parseHeuristicName, parseSearchSpec } from '../../planner/registry.js';
import { processCpuMs } from '../../planner/search/best-first.js';
import type { SearchEvent } from '../../planner/search/result.js';
import { formatPlan } from '../../validate/plan-file.js';
import { validatePlan } from '../../validate/validate-plan.js';

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
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String((err as NodeJS.ErrnoException).code) : 'unreadable';
    throw new InputError('FILE_READ', `cannot read ${what} file '${path}' (${code})`);
  }
}

function positiveNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!(v > 0) || !Number.isFinite(v)) throw new InputError('CLI_OPTION', `${flag} expects a positive number, got '${text}'`);
  return v;
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function register(program: Command): void {
  program
    .command('plan')
    .description('find a plan for a PDDL domain and problem; exit 0 solved, 1 unsolvable/timeout/memout, 2 bad input')
    .argument('<domain>', 'PDDL domain file')
    .argument('<problem>', 'PDDL problem file')
    .option('--search <name>', 'gbfs | lazy-gbfs | wastar:W | lazy-wastar:W | astar | anytime', DEFAULT_SEARCH)
    .option('--heuristic <name>', 'ff | add | max | lmcut | goalcount | blind (default ff; lmcut for astar)')
    .option('--no-preferred', 'do not use preferred operators')
    .option('--cost-type <type>', 'costs the heuristic sees: normal | one | plusone (default: one for greedy, normal otherwise)')
    .option('--timeout <sec>', 'time limit in seconds (parsing and grounding included)')
    .option('--cpu-time', 'count --timeout in process CPU time (user+sys) instead of wall time')
    .option('--max-states <n>', 'stop with memout above this many states')
    .option('--memory-mb <mb>', 'stop with memout when the search arrays exceed this size (default 3072)')
    .option('-o, --output <file>', 'also write the plan to this file')
    .option('--json', 'print one JSON object instead of text')
    .option('--no-validate', 'skip validating the plan against the PDDL task')
    .option('--no-progress', 'no progress line on stderr')
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
      let spec;
      let heuristic;
      try {
        spec = parseSearchSpec(opts.search);
        heuristic = opts.heuristic === undefined ? undefined : parseHeuristicName(opts.heuristic);
      } catch (err) {
        throw new InputError('CLI_OPTION', err instanceof Error ? err.message : String(err));
      }

      const domain = parseDomain(readText(domainPath, 'domain'), domainPath);
      const problem = parseProblem(readText(problemPath, 'problem'), domain, problemPath);
      const tParsed = performance.now();
      const grounded = ground(domain, problem);
      const tGrounded = performance.now();
      const task = new CompiledTask(grounded.task);

      const showProgress = opts.progress && !opts.json && Boolean(process.stderr.isTTY);
      let progressShown = false;
      const onEvent = (e: SearchEvent): void => {
        if (!showProgress) return;
        if (e.kind === 'progress') {
          const line = `search: ${e.expansions} expanded, ${e.states} states, best h ${e.bestH}, ${Math.round(e.expansionsPerSec)} exp/s, ${(e.elapsedMs / 1000).toFixed(1)} s`;
          process.stderr.write(`\r\x1b[K${line}`);
          progressShown = true;
        } else {
          process.stderr.write(`\r\x1b[Kplan found: cost ${e.cost}, length ${e.length} (${e.config}, ${(e.elapsedMs / 1000).toFixed(1)} s)\n`);
        }
      };
      const cpuBeforeSearch = processCpuMs();
      const used = opts.cpuTime ? cpuBeforeSearch : performance.now() - t0;
      const remainingMs = timeoutSec === undefined ? undefined : Math.max(1, timeoutSec * 1000 - used);
      const result: PlanResult = planTask(task, {
        search: spec,
        heuristic,
        preferred: opts.preferred,
        heuristicCostType: costType,
        timeoutMs: remainingMs,
        maxStates,
        maxBytes: memoryMb === undefined ? undefined : memoryMb * 1024 * 1024,
        onEvent: showProgress ? onEvent : undefined,
        now: opts.cpuTime ? processCpuMs : undefined,
      });
      if (progressShown) process.stderr.write('\r\x1b[K');
      const tSearched = performance.now();

      const costKind = grounded.task.hasActionCosts ? 'general cost' : 'unit cost';
      let planText = '';
      let valid: boolean | undefined;
      let validationMessage: string | undefined;
      let steps: ReturnType<typeof grounded.toLifted> = [];
      if (result.status === 'solved') {
        steps = grounded.toLifted(result.plan);
        planText = formatPlan(steps, `cost = ${result.cost} (${costKind})`);
        if (opts.output) writeFileSync(opts.output, planText);
        if (opts.validate) {
          const v = validatePlan(domain, problem, steps, { trace: false });
          valid = v.status === 'valid';
          validationMessage = v.status === 'valid' ? `valid, cost ${v.cost}` : v.explanation;
        }
      }
      const tDone = performance.now();
      const timing = {
        parseMs: round(tParsed - t0, 1),
        groundMs: round(tGrounded - tParsed, 1),
        searchMs: round(tSearched - tGrounded, 1),
        validateMs: round(tDone - tSearched, 1),
        totalMs: round(tDone - t0, 1),
        /** Process CPU ms (user+sys) used before the search: startup, parsing, grounding. */
        cpuBeforeSearchMs: round(cpuBeforeSearch, 1),
        cpuTotalMs: round(processCpuMs(), 1),
      };

      if (opts.json) {
        const out = {
          status: result.status,
          config: result.config,
          ...(result.status === 'solved'
            ? { plan: steps.map((s) => (s.args.length ? `(${s.name} ${s.args.join(' ')})` : `(${s.name})`)), cost: result.cost, length: steps.length, costKind, optimal: result.optimal ?? false }
            : {}),
          ...(result.status === 'unsolvable' ? { proven: result.proven } : {}),
          ...(valid === undefined ? {} : { valid, validation: validationMessage }),
          improvements: result.improvements,
          stats: result.stats,
          ground: { facts: grounded.task.facts.length, operators: grounded.task.operators.length, ms: round(grounded.stats.ms, 1) },
          timing,
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } else {
        if (result.status === 'solved') process.stdout.write(planText);
        const s = result.stats;
        const lines = [
          `status: ${result.status}${result.status === 'unsolvable' ? (result.proven ? ' (proven)' : ' (not proven)') : ''} [${result.config}]`,
          `ground: ${grounded.task.facts.length} facts, ${grounded.task.operators.length} operators`,
          `search: ${s.expansions} expanded, ${s.evaluations} evaluated, ${s.generated} generated, ${s.states} states, ${s.reopened} reopened, initial h ${s.initialH}`,
          `time: parse ${timing.parseMs} ms, ground ${timing.groundMs} ms, search ${timing.searchMs} ms, total ${timing.totalMs} ms`,
        ];
        if (result.status === 'solved') lines.unshift(`plan: length ${steps.length}, cost ${result.cost}${result.optimal ? ' (optimal)' : ''}`);
        if (validationMessage !== undefined) lines.push(`validation: ${validationMessage}`);
        process.stderr.write(`${lines.join('\n')}\n`);
      }
      if (valid === false) {
        process.stderr.write('error: the plan found does not validate (a planner or grounder bug)\n');
        process.exitCode = 1;
        return;
      }
      process.exitCode = result.status === 'solved' ? 0 : 1;
    });
}
