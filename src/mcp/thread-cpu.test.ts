/**
 * Thread CPU clocks from /proc (Linux, where the tests and CI run).
 */
import { describe, expect, it } from 'vitest';
import { currentThreadId, parseStatCpuMs, threadCpuClock, threadCpuMsOf } from './thread-cpu.js';

describe('thread CPU time', () => {
  it('parses utime + stime (fields 14 and 15, in 1/100 s) after a command name with spaces and parentheses', () => {
    // fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const stat = '4242 (node (worker) 1) R 1 2 3 0 -1 4194304 10 0 0 0 250 37 0 0 20 0 9 0';
    expect(parseStatCpuMs(stat)).toBe(2870);
    expect(parseStatCpuMs('garbage')).toBeUndefined();
  });

  it('reads this thread: the clock never goes back and counts a busy loop, not a sleep', async () => {
    expect(currentThreadId()).toBeGreaterThan(0);
    const clock = threadCpuClock(0);
    expect(clock.kind).toBe('thread-cpu');
    const a = clock.now();
    // Busy until the process has used 200 ms more CPU (robust to a loaded machine, unlike a wall-time loop).
    const cpu = (): number => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const until = cpu() + 200;
    let x = 0;
    while (cpu() < until) for (let i = 0; i < 1000; i++) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    const b = clock.now();
    await new Promise((r) => setTimeout(r, 300));
    const c = clock.now();
    // the busy loop ran on this thread: most of the process's 200 ms are this thread's (ticks are 10 ms)
    expect(b - a).toBeGreaterThanOrEqual(100);
    // 300 ms asleep adds (almost) nothing
    expect(c - b).toBeLessThan(50);
    expect(threadCpuMsOf(currentThreadId() as number)).toBeGreaterThanOrEqual(b);
  });
});
