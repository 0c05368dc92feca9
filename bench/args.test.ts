/**
 * The benchmark scripts' command lines (bench/args.ts): `--help` lists every
 * flag and exits 0; an unknown flag, a missing value or a non-number is one
 * `error:` line and exit 2, no stack trace. Checked in-process on the parser
 * and by running every entry script (tsx) with a bad flag.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkArgs, usage, UsageError, type CommandSpec } from './args.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');

/** The scripts run as programs; every other bench/*.ts is a module they import. */
const ENTRIES = ['build-prior', 'build-prior-vocabulary', 'eai-gold', 'fuzz-pddl', 'ground', 'household', 'kitchen', 'kitchen-baselines', 'llmdm', 'mcp-load', 'planner', 'policy-in-despot', 'policy-sandbox', 'pomdp', 'prior', 'validate'];
const MODULES = ['args', 'fuzz-pddl-cases', 'kitchen-flags', 'llmdm-data', 'llmdm-e2e', 'llmdm-replay', 'llmdm-report', 'planner-outcome', 'planner-report'];

const spec: CommandSpec = {
  command: 'bench',
  about: 'a test',
  flags: [
    { name: 'n', value: 'N', help: 'how many' },
    { name: 'quick', help: 'fast' },
  ],
};

async function script(name: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', join('bench', `${name}.ts`), ...args], { cwd: ROOT, timeout: 60_000 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

describe('bench command lines', () => {
  it('accepts declared flags and their values; refuses unknown flags, missing values and stray arguments', () => {
    expect(checkArgs(['--n', '3', '--quick'], spec)).toBeUndefined();
    expect(checkArgs(['--n', '3', '--help'], spec)).toBe('help');
    expect(() => checkArgs(['--bogus'], spec)).toThrow(new UsageError('unknown flag --bogus'));
    expect(() => checkArgs(['--n'], spec)).toThrow(new UsageError('--n needs a value (N)'));
    expect(() => checkArgs(['--n', '--quick'], spec)).toThrow(new UsageError('--n needs a value (N)'));
    expect(() => checkArgs(['--n=3'], spec)).toThrow(/write --n N \(a space, not '='\)/);
    expect(() => checkArgs(['stray'], spec)).toThrow(new UsageError("unexpected argument 'stray'"));
    expect(checkArgs(['a', 'b'], { ...spec, positional: { name: '[X ...]', help: 'xs', max: Infinity } })).toBeUndefined();
    expect(usage(spec)).toMatch(/^usage: bench \[flags\]\n\na test\n\n {2}--n N {4}how many\n {2}--quick {2}fast\n {2}--help {3}print this text\n$/);
  });

  it('every bench script is listed here as an entry or a module', () => {
    const files = readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual([...ENTRIES, ...MODULES].sort());
  });

  it.each(ENTRIES)('%s: an unknown flag is one error line and exit 2', async (name) => {
    const r = await script(name, ['--no-such-flag']);
    expect({ code: r.code, err: r.err, out: r.out }).toEqual({ code: 2, err: 'error: unknown flag --no-such-flag (see --help)\n', out: '' });
  });

  it.each(['planner', 'pomdp', 'llmdm', 'kitchen', 'household'])('%s (npm run bench:%s): --help lists the flags and exits 0', async (name) => {
    const r = await script(name, ['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^usage: npm run bench:${name} -- \\[flags\\]\\n`));
    expect(r.out).toMatch(/\n {2}--help +print this text\n$/);
    expect(r.out.split('\n').filter((l) => /^ {2}--/.test(l)).length).toBeGreaterThan(3);
  });
});
