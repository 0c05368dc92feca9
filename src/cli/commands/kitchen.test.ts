import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandOut } from '../../../test/cli-harness.js';
import { InputError } from '../../core/errors.js';
import { register } from './kitchen.js';

const run = (args: string[]) => runCommandOut([register], args);

describe('groundplan kitchen', () => {
  it('gen writes one loadable task file per task and prints a summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gp-kitchen-cli-'));
    const out = await run(['kitchen', 'gen', '--kitchen', 'one_wall,galley', '--level', 'medium', '--n', '2', '--seed', '5', '--out', dir]);
    expect(readdirSync(dir).sort()).toEqual(['galley-medium-5-0.json', 'galley-medium-5-1.json', 'one_wall-medium-5-0.json', 'one_wall-medium-5-1.json']);
    expect(out).toMatch(/4 tasks written to/);
    const file = join(dir, 'galley-medium-5-0.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { kitchen: string; level: string; task: { goal_set: unknown[][] } };
    expect(json.kitchen).toBe('galley');
    expect(json.level).toBe('medium');
    expect(json.task.goal_set[0]).toHaveLength(3);
    const shown = await run(['kitchen', 'show', '--task', file]);
    expect(shown).toMatch(/kitchen galley, level medium \(step limit 30\)/);
    expect(shown).toMatch(/\[closed\] Fridge_Cooler_Layer/);
    expect(shown).toMatch(/goal set: \d+ alternatives, any one suffices/);
    expect(shown).toMatch(/fully observed greedy plan: \d+ steps/);
  });

  it('gen --json prints one row per task', async () => {
    const rows = JSON.parse(await run(['kitchen', 'gen', '--kitchen', 'l_shaped', '--level', 'all', '--n', '1', '--json'])) as Array<{ level: string }>;
    expect(rows.map((r) => r.level)).toEqual(['easy', 'medium', 'hard']);
  });

  it('show --kitchen prints a layout', async () => {
    const out = await run(['kitchen', 'show', '--kitchen', 'one_wall']);
    expect(out).toMatch(/kitchen one_wall: 23 areas \(9 open, 14 closed\), max navigation cost 16/);
  });

  it('rejects bad options as InputError', async () => {
    await expect(run(['kitchen', 'gen', '--kitchen', 'galey'])).rejects.toThrow(InputError);
    await expect(run(['kitchen', 'gen', '--level', 'extreme'])).rejects.toThrow(/unknown level 'extreme'/);
    await expect(run(['kitchen', 'gen', '--n', '0'])).rejects.toThrow(/--n: expected an integer ≥ 1/);
    await expect(run(['kitchen', 'show'])).rejects.toThrow(/pass --task FILE or --kitchen NAME/);
  });
});
