/**
 * `groundplan policy`: ask the model for Tru-POMDP's rollout policy
 * (`tru.policy`), vet it in the sandbox on sample kitchen states (one repair
 * turn with the failures), and report the vetting, the warnings and the code.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { loadLlmPolicy, registerPolicySynthetic, type VetReport } from '../../methods/tru-pomdp/policy/index.js';
import { addModelOptions, formatUsage, resolveLlm, type ModelOptionValues } from '../model-option.js';

interface PolicyOptions extends ModelOptionValues {
  batchTimeLimit?: string;
  memory?: string;
  repairs?: string;
  showCode?: boolean;
  out?: string;
  json?: boolean;
}

function count(raw: string | undefined, flag: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new InputError('CLI_OPTION', `${flag}: expected an integer ≥ ${min}, got '${raw}'`);
  return n;
}

function vetLine(r: VetReport, i: number): string {
  const verdict = r.ok ? 'accepted' : 'rejected';
  return `round ${i + 1}: ${verdict}: ${r.samples} sample states — ${r.feasible} feasible, ${r.infeasible} infeasible, ${r.idle} idle (NONE with goals left), ${r.threw} threw, ${r.garbage} malformed; rollouts reaching the goal ${r.rolloutSuccesses}/${r.rollouts}`;
}

export function register(program: Command): void {
  registerPolicySynthetic();
  const cmd = program
    .command('policy')
    .description("ask the LLM for Tru-POMDP's rollout policy (JavaScript), vet it in the sandbox on sample kitchen states and show the result");
  addModelOptions(cmd)
    .option('--batch-time-limit <ms>', 'sandbox time limit per batch of policy calls (default 2000)')
    .option('--memory <mb>', 'sandbox heap limit (default 64)')
    .option('--repairs <n>', 'repair turns after a failed vetting (default 1)')
    .option('--show-code', 'print the code the model wrote')
    .option('--out <file>', 'write the accepted code to FILE')
    .option('--json', 'print the result as JSON');
  cmd.action(async (opts: PolicyOptions) => {
    const limits = { timeoutMs: count(opts.batchTimeLimit, '--batch-time-limit', 1), maxMemoryMb: count(opts.memory, '--memory', 16) };
    const repairs = count(opts.repairs, '--repairs', 0);
    const llm = await resolveLlm(opts);
    const r = await loadLlmPolicy(llm.client, { limits, meter: llm.meter, ...(repairs !== undefined ? { repairs } : {}) });
    r.policy.close();
    await llm.close();
    const accepted = r.policy.origin === 'llm';
    if (opts.out && accepted && r.source !== undefined) writeFileSync(opts.out, `${r.source}\n`);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify({ model: llm.describe(), accepted, attempts: r.attempts, vetting: r.vetting, warnings: r.warnings, usage: r.usage, source: r.source })}\n`);
      return;
    }
    process.stdout.write(`model ${llm.describe()}\n`);
    r.vetting.forEach((v, i) => {
      process.stdout.write(`${vetLine(v, i)}\n`);
      for (const p of v.problems) process.stdout.write(`  - ${p}\n`);
    });
    for (const w of r.warnings) process.stderr.write(`warning: ${w.message}\n`);
    process.stdout.write(accepted ? `policy: LLM-written (accepted after ${r.attempts} model turn(s))\n` : 'policy: built-in (the LLM policy was not accepted)\n');
    if (opts.showCode && r.source !== undefined) process.stdout.write(`\n${r.source}\n`);
    for (const line of formatUsage(llm.meter.summary()).split('\n')) if (line.trim() !== '') process.stdout.write(`${line}\n`);
  });
}
