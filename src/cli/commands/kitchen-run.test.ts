import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandOut } from '../../../test/cli-harness.js';
import { generateTasks, taskToJson } from '../../envs/kitchen/index.js';
import type { TraceRecord } from '../../eval/types.js';
import { register } from './kitchen.js';

const run = (args: string[]) => runCommandOut([register], args);

describe('groundplan kitchen run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gp-kitchen-run-'));
  const file = join(dir, 'task.json');
  writeFileSync(file, JSON.stringify(taskToJson(generateTasks({ kitchen: 'one_wall', level: 'easy', n: 1, seed: 3 })[0])));

  it('runs tru-pomdp with the synthetic model: step table, trace, JSON result line', async () => {
    const trace = join(dir, 'trace.jsonl');
    const out = await run([
      'kitchen', 'run', '--task', file, '--model', 'synthetic', '--synthetic', 'goalRecall=1,locationRecall=1,invalidRate=0',
      '--max-trials', '15', '--time-per-move', '30', '--seed', '2', '--trace', trace, '--json',
    ]);
    const last = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { success: boolean; steps: number; llm: { calls: number; inputTokens: number } };
    expect(last.success).toBe(true);
    expect(last.llm.calls).toBeGreaterThan(0);
    const lines = readFileSync(trace, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceRecord);
    expect(lines[0].type).toBe('episode');
    expect(lines.at(-1)?.type).toBe('result');
    const steps = lines.filter((l) => l.type === 'step');
    expect(steps).toHaveLength(last.steps);
    const first = steps[0].type === 'step' ? steps[0] : undefined;
    expect(first?.belief?.goals.length).toBeGreaterThan(0);
    expect(first?.search?.trials).toBeGreaterThan(0);
    expect(first?.state && 'areas' in first.state ? first.state.areas.length : 0).toBeGreaterThan(0);
    const end = lines.at(-1);
    expect(end?.type === 'result' && end.row.status).toBe('done');
    expect(end?.type === 'result' && end.row.success).toBe(true);
  }, 60_000);

  it('--rollout llm asks for the rollout policy once, vets it and plans with it', async () => {
    const out = await run([
      'kitchen', 'run', '--task', file, '--model', 'synthetic', '--synthetic', 'goalRecall=1,locationRecall=1,invalidRate=0',
      '--rollout', 'llm', '--max-trials', '15', '--time-per-move', '30', '--seed', '2', '--usage',
    ]);
    expect(out).toMatch(/^tru\.policy +1 /m);
    expect(out).toMatch(/^success in \d+ steps/m);
    await expect(run(['kitchen', 'run', '--task', file, '--model', 'synthetic', '--rollout', 'magic'])).rejects.toThrow(/--rollout: expected 'builtin' or 'llm'/);
  }, 60_000);

  it('rejects an unknown method and ablation', async () => {
    await expect(run(['kitchen', 'run', '--task', file, '--method', 'nope', '--model', 'synthetic'])).rejects.toThrow(/unknown method 'nope'/);
    await expect(run(['kitchen', 'run', '--task', file, '--ablation', 'no-magic', '--model', 'synthetic'])).rejects.toThrow(/unknown ablation 'no-magic'/);
  });

  it('refuses a time limit that is not a positive number of seconds, as household run does', async () => {
    for (const bad of ['0', '-1', 'soon']) {
      await expect(run(['kitchen', 'run', '--task', file, '--time-limit', bad, '--model', 'synthetic'])).rejects.toMatchObject({ code: 'CLI_OPTION', message: `--time-limit: expected seconds > 0, got '${bad}'` });
    }
  });
});
