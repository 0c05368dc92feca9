/**
 * The tool-call pool: every tool call runs on a worker thread of its own
 * (node:worker_threads, one call per worker at a time), so a long search
 * never blocks the protocol thread or other calls. At most `size` calls run
 * at once; the rest wait in FIFO order.
 *
 * Bounded work:
 * - cancelling a call (its AbortSignal) terminates the worker running it: a
 *   synchronous search cannot see a signal, a terminated thread stops at once;
 * - a watchdog polls the running worker's thread CPU time (Linux /proc; wall
 *   time elsewhere) and terminates it past the call's CPU limit plus a grace
 *   period (the search itself stops cleanly with `timeout` at the limit; the
 *   watchdog catches phases that do not poll a clock, e.g. a grounding blow-up),
 *   and past the call's wall-clock limit (a thread starved of CPU on a busy
 *   machine, or blocked, uses little CPU but holds its worker);
 * - each worker has V8 heap limits (`resourceLimits`); a worker that runs out
 *   of memory, throws outside the call or exits is reported as a crashed call
 *   and replaced by a fresh worker for the next call;
 * - at most `maxQueued` calls wait: one more is refused at once
 *   (`PoolRefusedError`, reason `queue-full`), so waiting arguments cannot
 *   pile up in memory.
 *
 * The pool never throws for a crashed call: it resolves with `crashed`. A
 * cancelled call rejects with an `AbortError`; a refused call (queue full,
 * pool closed, or still running or queued when the pool closes) with a
 * `PoolRefusedError`.
 */
import { Worker } from 'node:worker_threads';
import { threadCpuMsOf } from './thread-cpu.js';
import type { CallRequest, ProgressReport, ToolOutput, WorkerMessage } from './call-protocol.js';

export interface CallPoolOptions {
  /** Most calls running at once (one worker thread each). */
  size: number;
  /** The worker module (or, with `eval`, code that imports it) and the execArgv to load it with. */
  worker: { filename: string | URL; execArgv: string[]; eval?: boolean };
  /** V8 heap limit of each worker in MiB. */
  heapMb: number;
  /** Extra CPU time past a call's limit before the watchdog terminates it (default max(1 s, 10% of the limit)). */
  graceMs?: (cpuLimitMs: number) => number;
  /** Watchdog polling interval (default 100 ms). */
  watchEveryMs?: number;
  /** Idle workers are terminated after this long (default 30 s). */
  idleMs?: number;
  /** Most calls waiting for a worker (default: unbounded). */
  maxQueued?: number;
}

/** When a call ran, as seen by the protocol thread (milliseconds since the pool was created). */
export interface CallTiming {
  queuedMs: number;
  startedMs: number;
  endedMs: number;
  /** CPU time of the call's thread (or wall time where thread CPU is unavailable). */
  cpuMs: number;
  clock: 'thread-cpu' | 'wall';
  /** Calls running when this one started, itself included. */
  inFlightAtStart: number;
  /** Which worker thread ran it (1, 2, ... in spawn order). */
  worker: number;
}

export type CrashReason = 'out-of-memory' | 'cpu-limit' | 'wall-limit' | 'worker-exit' | 'worker-error';

export type CallOutcome =
  | { kind: 'done'; output: ToolOutput; timing: CallTiming }
  | { kind: 'crashed'; reason: CrashReason; message: string; lastProgress?: ProgressReport; timing: CallTiming };

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: ProgressReport) => void;
  /** The call's place in the queue (1: next to start), when it is queued and each time it moves up. */
  onQueued?: (position: number, queued: number) => void;
}

export interface PoolStats {
  size: number;
  running: number;
  queued: number;
  /** Highest number of calls that ever ran at once. */
  maxRunning: number;
  workers: number;
  spawned: number;
  completed: number;
  crashed: number;
  cancelled: number;
  /** Calls refused because the queue was full. */
  refused: number;
}

/** The stats the pool counts as it runs (the rest are read off its slots and queue). */
type PoolCounts = Pick<PoolStats, 'maxRunning' | 'spawned' | 'completed' | 'crashed' | 'cancelled' | 'refused'>;

interface Pending {
  id: number;
  call: CallRequest;
  options: RunOptions;
  enqueuedAt: number;
  resolve: (o: CallOutcome) => void;
  reject: (e: unknown) => void;
  onAbort?: () => void;
}

interface Running extends Pending {
  startedAt: number;
  inFlightAtStart: number;
  cpuBase?: number;
  cpuUsed: number;
  /** When its worker was ready to run it (the wall-clock limit counts from here, not from a new worker's start-up). */
  readyAt?: number;
  lastProgress?: ProgressReport;
}

interface Slot {
  n: number;
  worker: Worker;
  tid?: number;
  job?: Running;
  retired: boolean;
  /** The worker has loaded and said `ready`. */
  ready?: boolean;
  idleTimer?: NodeJS.Timeout;
  error?: Error;
}

export class CallAbortedError extends Error {
  constructor() {
    super('the call was cancelled');
    this.name = 'AbortError';
  }
}

/** A call the pool would not run: its queue was full, or the pool closed before the call finished. */
export class PoolRefusedError extends Error {
  constructor(
    readonly reason: 'queue-full' | 'shutting-down',
    message: string,
  ) {
    super(message);
    this.name = 'PoolRefusedError';
  }
}

export class CallPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly t0 = performance.now();
  private nextId = 1;
  private readonly counts: PoolCounts = { maxRunning: 0, spawned: 0, completed: 0, crashed: 0, cancelled: 0, refused: 0 };
  private closed = false;
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly options: CallPoolOptions) {
    if (!(options.size >= 1)) throw new RangeError(`pool size must be at least 1, got ${options.size}`);
    this.watchdog = setInterval(() => this.watch(), options.watchEveryMs ?? 100);
    this.watchdog.unref();
  }

  /** Runs one call; resolves with its output or crash, rejects with `CallAbortedError` when cancelled. */
  run(call: CallRequest, options: RunOptions = {}): Promise<CallOutcome> {
    if (this.closed) return Promise.reject(new PoolRefusedError('shutting-down', 'the server is shutting down'));
    if (options.signal?.aborted) return Promise.reject(new CallAbortedError());
    const max = this.options.maxQueued ?? Infinity;
    if (this.queue.length >= max && !this.freeSlot()) {
      this.counts.refused++;
      const running = this.slots.filter((s) => s.job).length;
      return Promise.reject(new PoolRefusedError('queue-full', `the server is busy: ${running} calls running and ${this.queue.length} waiting, the most it queues (${max})`));
    }
    return new Promise<CallOutcome>((resolve, reject) => {
      const p: Pending = { id: this.nextId++, call, options, enqueuedAt: this.now(), resolve, reject };
      if (options.signal) {
        p.onAbort = () => this.cancel(p.id);
        options.signal.addEventListener('abort', p.onAbort, { once: true });
      }
      this.queue.push(p);
      this.pump();
      this.reportQueue();
    });
  }

  /** Whether a call arriving now would start at once. */
  private freeSlot(): boolean {
    return this.slots.some((s) => !s.job && !s.retired) || this.slots.length < this.options.size;
  }

  /** Tells each queued call its place (after the queue changed). */
  private reportQueue(): void {
    this.queue.forEach((p, i) => p.options.onQueued?.(i + 1, this.queue.length));
  }

  stats(): PoolStats {
    const running = this.slots.filter((s) => s.job).length;
    return { size: this.options.size, running, queued: this.queue.length, workers: this.slots.length, ...this.counts };
  }

  /** Terminates every worker; queued and running calls are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const closing = (): PoolRefusedError => new PoolRefusedError('shutting-down', 'the server is shutting down; the call was stopped');
    for (const p of this.queue.splice(0)) this.settle(p, () => p.reject(closing()));
    await Promise.all(
      this.slots.splice(0).map((s) => {
        s.retired = true;
        if (s.job) this.settle(s.job, () => s.job?.reject(closing()));
        return s.worker.terminate();
      }),
    );
  }

  private now(): number {
    return performance.now() - this.t0;
  }

  private pump(): void {
    let moved = false;
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.job && !s.retired);
      if (!slot) {
        if (this.slots.length >= this.options.size) break;
        slot = this.spawn();
      }
      const p = this.queue.shift() as Pending;
      this.start(slot, p);
      moved = true;
    }
    if (moved) this.reportQueue();
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.worker.filename, {
      execArgv: this.options.worker.execArgv,
      eval: this.options.worker.eval === true,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      // A worker's console must never reach stdout (the stdio transport's protocol stream).
      stdout: true,
      stderr: true,
    });
    worker.stdout.pipe(process.stderr);
    worker.stderr.pipe(process.stderr);
    const slot: Slot = { n: ++this.counts.spawned, worker, retired: false };
    worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    worker.on('error', (err) => {
      slot.error = err;
    });
    worker.on('exit', () => this.onExit(slot));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, p: Pending): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const running = this.slots.filter((s) => s.job).length + 1;
    this.counts.maxRunning = Math.max(this.counts.maxRunning, running);
    const job: Running = { ...p, startedAt: this.now(), inFlightAtStart: running, cpuUsed: 0 };
    if (slot.tid !== undefined) job.cpuBase = threadCpuMsOf(slot.tid);
    if (slot.ready) job.readyAt = job.startedAt;
    slot.job = job;
    slot.worker.postMessage({ type: 'run', id: p.id, call: p.call });
  }

  private timing(slot: Slot, job: Running): CallTiming {
    const endedMs = this.now();
    const cpu = slot.tid !== undefined && job.cpuBase !== undefined ? threadCpuMsOf(slot.tid) : undefined;
    if (cpu !== undefined && job.cpuBase !== undefined) job.cpuUsed = Math.max(job.cpuUsed, cpu - job.cpuBase);
    const measured = job.cpuBase !== undefined;
    return {
      queuedMs: job.startedAt - job.enqueuedAt,
      startedMs: job.startedAt,
      endedMs,
      cpuMs: measured ? job.cpuUsed : endedMs - job.startedAt,
      clock: measured ? 'thread-cpu' : 'wall',
      inFlightAtStart: job.inFlightAtStart,
      worker: slot.n,
    };
  }

  private settle(p: Pending, f: () => void): void {
    if (p.onAbort) p.options.signal?.removeEventListener('abort', p.onAbort);
    f();
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    if (m.type === 'ready') {
      slot.tid = m.tid;
      slot.ready = true;
      if (slot.job) slot.job.readyAt = this.now();
      if (slot.job && slot.tid !== undefined) slot.job.cpuBase = threadCpuMsOf(slot.tid);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (m.type === 'progress') {
      job.lastProgress = m.progress;
      job.options.onProgress?.(m.progress);
      return;
    }
    const timing = this.timing(slot, job);
    slot.job = undefined;
    if (m.type === 'done') {
      this.counts.completed++;
      this.settle(job, () => job.resolve({ kind: 'done', output: m.output, timing }));
    } else this.crash(job, 'worker-error', m.message, timing);
    this.idle(slot);
    this.pump();
  }

  private idle(slot: Slot): void {
    slot.idleTimer = setTimeout(() => this.retire(slot), this.options.idleMs ?? 30_000);
    slot.idleTimer.unref();
  }

  /** Takes a worker out of the pool and terminates it. */
  private retire(slot: Slot): void {
    if (slot.retired) return;
    slot.retired = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate();
  }

  private onExit(slot: Slot): void {
    const job = slot.job;
    const wasRetired = slot.retired;
    slot.job = undefined;
    this.retire(slot);
    if (job && !wasRetired) {
      const oom = (slot.error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const reason: CrashReason = oom ? 'out-of-memory' : slot.error ? 'worker-error' : 'worker-exit';
      const message = oom
        ? `the call ran out of memory (worker heap limit ${this.options.heapMb} MiB)`
        : slot.error
          ? `the worker thread failed: ${slot.error.message}`
          : 'the worker thread exited during the call';
      this.crash(job, reason, message, this.timing(slot, job));
    }
    this.pump();
  }

  private cancel(id: number): void {
    const qi = this.queue.findIndex((p) => p.id === id);
    if (qi >= 0) {
      const [p] = this.queue.splice(qi, 1);
      this.counts.cancelled++;
      this.settle(p, () => p.reject(new CallAbortedError()));
      this.reportQueue();
      return;
    }
    const slot = this.slots.find((s) => s.job?.id === id);
    if (!slot?.job) return;
    const job = slot.job;
    slot.job = undefined;
    this.counts.cancelled++;
    this.retire(slot);
    this.settle(job, () => job.reject(new CallAbortedError()));
    this.pump();
  }

  private watch(): void {
    for (const slot of [...this.slots]) {
      const job = slot.job;
      if (!job) continue;
      const { cpuMs: limit, wallMs } = job.call.limits;
      const grace = this.options.graceMs ? this.options.graceMs(limit) : Math.max(1000, limit * 0.1);
      const wall = job.readyAt === undefined ? 0 : this.now() - job.readyAt;
      // CPU used (wall time where thread CPU is not measured; undefined when the reading failed)
      let used: number | undefined = wall;
      if (slot.tid !== undefined && job.cpuBase !== undefined) {
        const cpu = threadCpuMsOf(slot.tid);
        used = cpu === undefined ? undefined : cpu - job.cpuBase;
        if (used !== undefined) job.cpuUsed = used;
      }
      const phase = job.lastProgress ? ` while ${job.lastProgress.phase}` : '';
      const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
      if (used !== undefined && used > limit + grace) this.stop(slot, job, 'cpu-limit', `the call exceeded its CPU limit of ${s(limit)}${phase} and was stopped`);
      else if (wallMs !== undefined && wall > wallMs) this.stop(slot, job, 'wall-limit', `the call exceeded its wall-clock limit of ${s(wallMs)}${phase} (having used ${s(job.cpuUsed)} of CPU) and was stopped`);
    }
  }

  /** Terminates a running call's worker and answers the call as crashed. */
  private stop(slot: Slot, job: Running, reason: CrashReason, message: string): void {
    const timing = this.timing(slot, job);
    slot.job = undefined;
    this.retire(slot);
    this.crash(job, reason, message, timing);
    this.pump();
  }

  /** Answers a running call as crashed (with the last progress it reported). */
  private crash(job: Running, reason: CrashReason, message: string, timing: CallTiming): void {
    this.counts.crashed++;
    this.counts.completed++;
    this.settle(job, () => job.resolve({ kind: 'crashed', reason, message, timing, ...(job.lastProgress ? { lastProgress: job.lastProgress } : {}) }));
  }
}
