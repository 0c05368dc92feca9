import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../core/errors.js';
import { register } from './pomdp.js';

async function run(args: string[]): Promise<string> {
  const program = new Command().exitOverride();
  register(program);
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    spy.mockRestore();
  }
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('groundplan pomdp run', () => {
  it('prints per-episode lines, a summary and one JSON object last; trial budgets are reproducible', async () => {
    const args = ['pomdp', 'run', 'rocksample:7:8', '--episodes', '2', '--trials', '5', '--time-per-move', '100', '--max-steps', '6', '--K', '50', '--json', '--no-progress'];
    const out = await run(args);
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('episode '))).toHaveLength(2);
    expect(out).toMatch(/mean discounted -?\d+\.\d+ ± \d+\.\d+/);
    const json = JSON.parse(lines[lines.length - 1]) as { problem: string; solver: string; episodes: number; discounted: { mean: number; se: number }; trialsPerStep: number; seeds: number[] };
    expect(json).toMatchObject({ problem: 'rocksample:7:8', solver: 'despot', episodes: 2, seeds: [1, 2] });
    expect(json.trialsPerStep).toBeLessThanOrEqual(5);
    const untimed = (s: string) => s.replace(/search\/step=\S+/g, '').replace(/"searchTimePerStep":[^,]+/g, '');
    expect(untimed(await run(args))).toBe(untimed(out));
  });

  it('runs POMCP on Tiger', async () => {
    const out = await run(['pomdp', 'run', 'tiger', '--solver', 'pomcp', '--trials', '200', '--time-per-move', '100', '--max-steps', '3', '--json', '--no-progress']);
    expect(JSON.parse(out.trim().split('\n').pop() as string)).toMatchObject({ problem: 'tiger', solver: 'pomcp', episodes: 1 });
  });

  it('rejects bad options and unknown problems with an InputError', async () => {
    await expect(run(['pomdp', 'run', 'chess'])).rejects.toThrow(InputError);
    await expect(run(['pomdp', 'run', 'tag', '--K', 'x'])).rejects.toThrow(/--K/);
    await expect(run(['pomdp', 'run', 'tag', '--solver', 'sarsop'])).rejects.toThrow(/--solver/);
  });
});
