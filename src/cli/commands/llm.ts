/**
 * `groundplan llm check`: one small structured call through the chosen model,
 * printing provider, model, latency, tokens and the parsed answer.
 */
import type { Command } from 'commander';
import { NETWORK_PROVIDERS, parseRegisteredModelId, registeredModels, runCheck, syntheticRegistry } from '../../llm/index.js';
import { installSyntheticModels } from '../../methods/index.js';
import { addModelOptions, resolveLlm, type ModelOptionValues } from '../model-option.js';

interface CheckOptions extends ModelOptionValues {
  json?: boolean;
}

export function register(program: Command): void {
  const llm = program.command('llm').description('the LLM boundary: check a model, list models and synthetic knobs');
  llm
    .command('models')
    .description('list model ids, offline models and the synthetic knobs declared by methods')
    .option('--json', 'print as JSON')
    .action((opts: { json?: boolean }) => {
      installSyntheticModels(); // every family's knobs, as they declare them
      const offline = registeredModels();
      const knobs = [...syntheticRegistry.declaredKnobs()].map(([name, k]) => ({ name, ...k }));
      if (opts.json) {
        process.stdout.write(`${JSON.stringify({ providers: NETWORK_PROVIDERS, offline, syntheticKinds: syntheticRegistry.kinds(), knobs })}\n`);
        return;
      }
      process.stdout.write('network: openai:NAME (OPENAI_API_KEY), anthropic:NAME (ANTHROPIC_API_KEY), compat:NAME@URL (optional GROUNDPLAN_API_KEY)\n');
      process.stdout.write('offline:\n');
      for (const m of offline) process.stdout.write(`  ${m.prefix.padEnd(10)} ${m.description}\n`);
      process.stdout.write(`synthetic kinds: ${syntheticRegistry.kinds().join(', ') || '(none)'}\n`);
      process.stdout.write('synthetic knobs (--synthetic key=value,...):\n');
      if (knobs.length === 0) process.stdout.write('  (none declared)\n');
      for (const k of knobs) process.stdout.write(`  ${k.name}=${String(k.default)}  ${k.description} [${k.owner}]\n`);
    });
  const check = llm
    .command('check')
    .description('ask the model "what is 2+3" as a structured call and report latency, tokens and the answer');
  addModelOptions(check).option('--json', 'print the result as JSON');
  check.action(async (opts: CheckOptions) => {
    const resolved = await resolveLlm({ ...opts, timeout: opts.timeout ?? '30', retries: opts.retries ?? '1' });
    const spec = parseRegisteredModelId(resolved.id);
    const provider = spec.kind === 'network' ? spec.provider : spec.prefix;
    const started = performance.now();
    const result = await runCheck(resolved.client);
    const wallMs = performance.now() - started;
    await resolved.close();
    const summary = resolved.meter.summary().total;
    const out = {
      provider,
      model: spec.kind === 'network' ? spec.name : resolved.describe(),
      baseUrl: spec.kind === 'network' ? (spec.baseUrl ?? null) : null,
      source: resolved.source,
      latencyMs: Math.round(wallMs),
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      retries: summary.retries,
      cached: result.usage.cached > 0,
      attempts: result.attempts,
      answer: result.value.answer,
      correct: result.value.answer === 5,
    };
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(out)}\n`);
      return;
    }
    const rows: [string, string][] = [
      ['provider', provider],
      ['model', out.model],
      ...(out.baseUrl ? ([['base URL', out.baseUrl]] as [string, string][]) : []),
      ['chosen by', out.source],
      ['latency', `${out.latencyMs} ms${out.cached ? ' (cached)' : ''}`],
      ['tokens', `${out.inputTokens} in, ${out.outputTokens} out`],
      ['retries', String(out.retries)],
      ['attempts', String(out.attempts)],
      ['answer', `${out.answer} (${out.correct ? 'correct' : 'WRONG, expected 5'})`],
    ];
    for (const [k, v] of rows) process.stdout.write(`${k.padEnd(10)} ${v}\n`);
  });
}
