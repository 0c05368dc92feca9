import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { clockSeconds } from './clock.js';

// A worker that burns `seconds` of its own thread's CPU (read from the same /proc file), then reports.
const BURN = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const cpu = () => { const s = readFileSync('/proc/thread-self/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const t0 = cpu(); let x = 0;
while (cpu() - t0 < workerData) for (let i = 0; i < 1e5; i++) x += i;
parentPort.postMessage(x);
`;

describe('clocks', () => {
  it("'thread' counts this thread's CPU only: another thread's work moves the process clock, not it (Linux; elsewhere it is the process clock)", async () => {
    if (!existsSync('/proc/thread-self/stat')) {
      expect(Math.abs(clockSeconds('cpu') - clockSeconds('thread'))).toBeLessThan(0.05);
      return;
    }
    const t0 = clockSeconds('thread');
    const p0 = clockSeconds('cpu');
    await new Promise((resolve, reject) => {
      const w = new Worker(BURN, { eval: true, workerData: 0.3 });
      w.once('message', resolve);
      w.once('error', reject);
    });
    const thread = clockSeconds('thread') - t0;
    const process = clockSeconds('cpu') - p0;
    expect(process).toBeGreaterThanOrEqual(0.29); // the worker's 0.3 s (10 ms ticks) are in the process clock
    expect(thread).toBeLessThan(0.15); // this thread only waited (and started the worker)
    // and this thread's own work does move it
    const t1 = clockSeconds('thread');
    let x = 0;
    while (clockSeconds('thread') - t1 < 0.05) for (let i = 0; i < 1e5; i++) x += i;
    expect(x).toBeGreaterThan(0);
  }, 60_000);

});
