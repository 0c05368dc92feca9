/**
 * Test helpers for CLI commands run in-process: capture stdout, the exit code
 * and any thrown error, and write scratch input files.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { vi } from 'vitest';

export interface CliRun {
  out: string;
  code: number | undefined;
  error?: unknown;
}

/** Runs `groundplan ARGS` with only the given commands registered; never throws. */
export async function runCommand(registers: Array<(program: Command) => void>, args: string[]): Promise<CliRun> {
  const program = new Command().exitOverride();
  for (const register of registers) register(program);
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  const before = process.exitCode;
  process.exitCode = undefined;
  let error: unknown;
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (e) {
    error = e;
  } finally {
    spy.mockRestore();
  }
  const code = process.exitCode === undefined ? undefined : Number(process.exitCode);
  process.exitCode = before;
  return error === undefined ? { out: chunks.join(''), code } : { out: chunks.join(''), code, error };
}

/** Like runCommand, but rethrows the command's error and returns stdout. */
export async function runCommandOut(registers: Array<(program: Command) => void>, args: string[]): Promise<string> {
  const r = await runCommand(registers, args);
  if (r.error !== undefined) throw r.error;
  return r.out;
}

/** A scratch directory and a writer: `file(name, text)` returns the path. */
export function scratchFiles(prefix: string): { dir: string; file: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file: (name, text) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
  };
}
