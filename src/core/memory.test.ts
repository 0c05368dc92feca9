/**
 * Memory as an outcome: allocation failures are recognised, and a process
 * whose V8 heap fills up sees `memoryExhausted` before V8 aborts it (a child
 * process with a 64 MB heap that allocates until told to stop).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isOutOfMemory, memoryExhausted } from './memory.js';

const MODULE = fileURLToPath(new URL('./memory.ts', import.meta.url));

describe('memory', () => {
  it('isOutOfMemory: the RangeErrors of failed allocations only', () => {
    expect(isOutOfMemory(new RangeError('Array buffer allocation failed'))).toBe(true);
    expect(isOutOfMemory(new RangeError('Invalid typed array length: 5000000000'))).toBe(true);
    expect(isOutOfMemory(new RangeError('Maximum call stack size exceeded'))).toBe(false);
    expect(isOutOfMemory(new Error('Array buffer allocation failed'))).toBe(false);
  });

  it('memoryExhausted: typed arrays above the limit', () => {
    expect(memoryExhausted(Infinity)).toBeUndefined();
    const held = new Uint8Array(4 * 1024 * 1024);
    expect(memoryExhausted(1024 * 1024)).toMatch(/^typed arrays [0-9.]+ MiB above the limit of 1\.00 MiB$/);
    expect(held.length).toBeGreaterThan(0);
  });

  it('a process with a small heap is told to stop before V8 aborts it', () => {
    const script = `
      const { memoryExhausted } = await import(${JSON.stringify(MODULE)});
      const keep = [];
      for (let i = 0; ; i++) {
        keep.push({ i, s: 'x' + i, a: [i, i + 1] });
        if (i % 1000 === 0) { const why = memoryExhausted(Infinity); if (why) { console.log(why); break; } }
      }`;
    const p = spawnSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=64', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(p.stderr).not.toMatch(/heap out of memory/);
    expect(p.status).toBe(0);
    expect(p.stdout).toMatch(/^JavaScript heap [0-9.]+ MiB near its limit of \d+ MiB$/m);
  });
});
