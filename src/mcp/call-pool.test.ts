/**
 * The call pool on real worker threads: FIFO order under the size limit,
 * cancelling a queued call, and a cancelled running call replaced by a new worker;
 * the wall-clock limit (a call that sleeps uses no CPU), the queue cap and the
 * queue positions reported to waiting calls.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CallAbortedError, CallPool, PoolRefusedError, type CallOutcome } from './call-pool.js';
import { callWorkerModule } from './serve.js';

const sleep = (ms: number) => ({ tool: 'debug_crash', args: { mode: 'sleep', ms }, limits: { cpuMs: 10_000, maxBytes: 1 << 26 } });

describe('CallPool', () => {
  let pool: CallPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('runs at most `size` calls at once, the rest in arrival order', async () => {
    pool = new CallPool({ size: 2, worker: callWorkerModule(), heapMb: 256 });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => (pool as CallPool).run(sleep(150))));
    const done = outcomes.filter((o): o is Extract<CallOutcome, { kind: 'done' }> => o.kind === 'done');
    expect(done).toHaveLength(6);
    expect(pool.stats().maxRunning).toBe(2);
    // in arrival order: each call starts no earlier than the one before it
    const starts = done.map((o) => o.timing.startedMs);
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]);
    expect(pool.stats().spawned).toBe(2);
  });

  it('a cancelled queued call is dropped; a cancelled running call terminates its worker', async () => {
    pool = new CallPool({ size: 1, worker: callWorkerModule(), heapMb: 256 });
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.run(sleep(5000), { signal: running.signal });
    const b = pool.run(sleep(10), { signal: queued.signal });
    const c = pool.run(sleep(10));
    queued.abort();
    await expect(b).rejects.toBeInstanceOf(CallAbortedError);
    await new Promise((r) => setTimeout(r, 200));
    running.abort();
    await expect(a).rejects.toBeInstanceOf(CallAbortedError);
    const oc = await c;
    expect(oc.kind).toBe('done');
    expect(oc.timing.worker).toBe(2);
    expect(pool.stats()).toMatchObject({ cancelled: 2, spawned: 2, running: 0, queued: 0 });
  });

  it('stops a call past its wall-clock limit although it uses no CPU, and reports which limit', async () => {
    pool = new CallPool({ size: 1, worker: callWorkerModule(), heapMb: 256, watchEveryMs: 20 });
    const o = await pool.run({ ...sleep(10_000), limits: { ...sleep(0).limits, wallMs: 300 } });
    expect(o).toMatchObject({ kind: 'crashed', reason: 'wall-limit', message: expect.stringMatching(/wall-clock limit of 0\.3 s/) });
    expect(o.timing.endedMs - o.timing.startedMs).toBeLessThan(5000);
    expect(pool.stats()).toMatchObject({ crashed: 1, completed: 1, cancelled: 0, spawned: 1 });
  });

  it('refuses a call when the queue is full, and tells waiting calls their place', async () => {
    pool = new CallPool({ size: 1, worker: callWorkerModule(), heapMb: 256, maxQueued: 2 });
    const places: [number, number, number][] = [];
    const runs = [0, 1, 2].map((i) => (pool as CallPool).run(sleep(300), { onQueued: (p, n) => places.push([i, p, n]) }));
    await expect((pool as CallPool).run(sleep(10))).rejects.toBeInstanceOf(PoolRefusedError);
    await expect((pool as CallPool).run(sleep(10))).rejects.toMatchObject({ reason: 'queue-full', message: expect.stringMatching(/1 calls running and 2 waiting/) });
    expect((await Promise.all(runs)).map((o) => o.kind)).toEqual(['done', 'done', 'done']);
    // call 0 starts at once; call 2 waits second, then first
    expect(places.filter(([i]) => i === 0)).toEqual([]);
    expect(places.filter(([i]) => i === 2).map(([, p]) => p)).toEqual([2, 1]);
    expect(pool.stats()).toMatchObject({ refused: 2, completed: 3 });
  });
});
