/**
 * `groundplan ground DOMAIN PROBLEM` — parse and ground a PDDL task and print
 * its size and timing (a debugging aid for the grounder).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { ground } from '../../pddl/ground.js';
import { checkTask } from '../../pddl/check-task.js';
import { departures } from '../../pddl/compat-policy.js';
import { formatWarning } from '../../pddl/diagnostics.js';
import { inputErrorOf } from '../../pipeline/plan-pddl.js';

interface GroundCliOptions {
  json?: boolean;
  facts?: boolean;
  operators?: boolean;
}

export function register(program: Command): void {
  program
    .command('ground')
    .description('ground a PDDL problem (relaxed reachability) and print facts/operators counts and timing')
    .argument('<domain>', 'PDDL domain file')
    .argument('<problem>', 'PDDL problem file')
    .option('--json', 'print one JSON object')
    .option('--facts', 'also list the fact names')
    .option('--operators', 'also list the operator names')
    .action((domainPath: string, problemPath: string, opts: GroundCliOptions) => {
      const t0 = performance.now();
      // Read as `plan` reads them: the departures compat-policy.ts accepts, with a warning each.
      const tc = checkTask({ text: readFileSync(domainPath, 'utf8'), file: domainPath }, { text: readFileSync(problemPath, 'utf8'), file: problemPath }, 'plan');
      const diagnostics = [...tc.domainDiagnostics, ...tc.problemDiagnostics];
      if (!tc.ok || !tc.domain || !tc.problem) throw inputErrorOf(diagnostics.filter((d) => d.severity === 'error'));
      for (const w of departures(diagnostics)) process.stderr.write(`${formatWarning(w)}\n`);
      const { domain, problem } = tc;
      const parseMs = performance.now() - t0;
      const r = ground(domain, problem);
      const s = r.stats;
      const t = r.task;
      const conditional = t.operators.reduce((n, o) => n + o.conditional.length, 0);
      const withClauses = t.operators.filter((o) => o.preOr).length;
      const aux = t.operators.filter((o) => !o.lifted).length;
      if (opts.json) {
        const out: Record<string, unknown> = {
          domain: domain.name,
          problem: problem.name,
          parseMs: Math.round(parseMs * 10) / 10,
          groundMs: Math.round(s.ms * 10) / 10,
          facts: s.facts,
          operators: s.operators,
          axioms: s.axioms,
          actionInstances: s.actionInstances,
          auxiliaryOperators: aux,
          conditionalEffects: conditional,
          operatorsWithClauses: withClauses,
          staticFactsRemoved: s.staticFactsRemoved,
          init: t.init.length,
          goalPos: t.goalPos.length,
          goalNeg: t.goalNeg.length,
          hasActionCosts: t.hasActionCosts,
          unreachableGoals: s.unreachableGoals,
        };
        if (opts.facts) out.factNames = t.facts;
        if (opts.operators) out.operatorNames = t.operators.map((o) => o.name);
        process.stdout.write(`${JSON.stringify(out)}\n`);
        return;
      }
      const lines = [
        `${domain.name} / ${problem.name}: parsed in ${parseMs.toFixed(0)} ms, grounded in ${s.ms.toFixed(0)} ms`,
        `  facts ${s.facts}, operators ${s.operators} (${aux} auxiliary, ${conditional} conditional effects, ${withClauses} with disjunctive clauses), axioms ${s.axioms}`,
        `  static facts removed ${s.staticFactsRemoved}, init ${t.init.length}, goal ${t.goalPos.length} + ${t.goalNeg.length} negated, action costs ${t.hasActionCosts ? 'yes' : 'no'}`,
      ];
      if (s.unreachableGoals.length > 0) lines.push(`  unreachable goals (the task is unsolvable): ${s.unreachableGoals.join(' ')}`);
      if (opts.facts) lines.push(...t.facts.map((f, i) => `  fact ${i} ${f}`));
      if (opts.operators) lines.push(...t.operators.map((o, i) => `  op ${i} ${o.name} cost ${o.cost}`));
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
