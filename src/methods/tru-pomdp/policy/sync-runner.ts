/**
 * Synchronous policy calls for DESPOT rollouts, which cannot await: a
 * dedicated worker thread (same sandbox script: `ses` lockdown + Compartment)
 * serves batches. The caller writes a batch over worlds the worker knows into
 * a SharedArrayBuffer (else posts it, with the new worlds, on a
 * `MessageChannel`), wakes the worker with `Atomics.notify`, blocks in
 * `Atomics.wait` with the batch's time limit and reads the answers from the
 * shared answer buffer (or `receiveMessageOnPort`). On a timeout the
 * worker is terminated (an endless loop in the policy cannot stall the
 * planner) and the runner reports itself dead. A main-thread Compartment
 * would be faster per call but cannot be interrupted and needs `lockdown()`
 * of the main realm, which would freeze the whole program's intrinsics.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { DEFAULT_SANDBOX_LIMITS, workerResourceLimits, type SandboxLimits } from './sandbox.js';
import { decodeAction, encodeQueries, encodedSize, hasNewWorld, outcomeFromReply, sourceKey, type BatchOutcome, type PolicyQuery, type WorkerReply } from './wire.js';
import type { KitchenAction } from '../../../envs/kitchen/actions.js';
import { sandboxWorkerFile } from './worker-source.js';

export type SyncRunnerOptions = SandboxLimits;

type StartResult = { status: 'ok'; runner: SyncPolicyRunner } | Exclude<BatchOutcome, { status: 'ok' }>;

export class SyncPolicyRunner {
  readonly source: string;
  readonly timeoutMs: number;
  private readonly key: string;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly ctrl: Int32Array;
  private readonly knownWorlds = new Set<number>();
  private seq = 0;
  private sharedIn: Int32Array | undefined;
  private sharedOut: Int32Array | undefined;
  private deadReason: string | undefined;
  private workerError: string | undefined;

  private constructor(source: string, options: SyncRunnerOptions) {
    this.source = source;
    this.key = sourceKey(source);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_SANDBOX_LIMITS.timeoutMs;
    this.ctrl = new Int32Array(new SharedArrayBuffer(16));
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(sandboxWorkerFile(), {
      workerData: { __groundplanSync: true, ctrl: this.ctrl, port: port2 },
      transferList: [port2],
      execArgv: [],
      resourceLimits: workerResourceLimits(options.maxMemoryMb ?? DEFAULT_SANDBOX_LIMITS.maxMemoryMb),
    });
    this.worker.on('error', (err: Error) => {
      this.workerError = err.message;
    });
    this.worker.unref();
  }

  /**
   * Starts a worker and compiles `source` in it (blocking up to
   * `startupTimeoutMs`). Returns the runner, or why the policy cannot run.
   */
  static start(source: string, options: SyncRunnerOptions = {}): StartResult {
    const runner = new SyncPolicyRunner(source, options);
    const first = runner.call({ op: 'eval', key: runner.key, source, worlds: [], buf: new Int32Array(0), count: 0 }, options.startupTimeoutMs ?? 15000, 0);
    if (first.status === 'ok') return { status: 'ok', runner };
    runner.close();
    return first;
  }

  /** Why the runner stopped (a timeout or a crash), or undefined while it works. */
  get dead(): string | undefined {
    return this.deadReason;
  }

  /**
   * Evaluates a batch synchronously. After a timeout or crash every call returns that outcome again.
   * Batches over known worlds take the fast path (shared buffers, no message passing).
   */
  evaluate(queries: readonly PolicyQuery[]): BatchOutcome {
    if (this.deadReason !== undefined) return { status: 'crashed', message: this.deadReason };
    if (hasNewWorld(queries, this.knownWorlds)) {
      const { buf, count, worlds } = encodeQueries(queries, this.knownWorlds);
      return this.call({ op: 'eval', key: this.key, source: this.source, worlds, buf, count }, this.timeoutMs, count);
    }
    const size = encodedSize(queries) + 1;
    const count = queries.length;
    if (!this.sharedIn || !this.sharedOut || this.sharedIn.length < size || this.sharedOut.length < 4 + 3 * count) {
      const inBuf = new Int32Array(new SharedArrayBuffer(4 * Math.max(size, 2 * (this.sharedIn?.length ?? 0), 4096)));
      const outBuf = new Int32Array(new SharedArrayBuffer(4 * Math.max(4 + 3 * count, 2 * (this.sharedOut?.length ?? 0), 1024)));
      const r = this.call({ op: 'buffers', inBuf, outBuf }, this.timeoutMs, 0);
      if (r.status !== 'ok') return r;
      this.sharedIn = inBuf;
      this.sharedOut = outBuf;
    }
    const input = this.sharedIn;
    const out = this.sharedOut;
    input[0] = count;
    encodeQueries(queries, this.knownWorlds, input, 1);
    const waited = this.signal(1, this.timeoutMs, count);
    if (waited !== undefined) return waited;
    const status = out[0];
    const actions: Array<KitchenAction | undefined> = new Array<KitchenAction | undefined>(count);
    if (status === 2) {
      const msg = this.receive() as { message?: string } | undefined;
      const message = msg?.message ?? 'the policy failed';
      this.kill(message);
      return { status: 'crashed', message };
    }
    for (let i = 0; i < count; i++) actions[i] = decodeAction(out, i, 4);
    let errors: Array<{ index: number; message: string }> = [];
    if (status === 1) errors = (this.receive() as { errors?: Array<{ index: number; message: string }> } | undefined)?.errors ?? [];
    return { status: 'ok', actions, errors, threw: out[1], garbage: out[2], workerMs: 0 };
  }

  /** Bumps the request counter (mode 0 = port message, 1 = shared batch) and waits for the answer; an outcome on timeout. */
  private signal(mode: number, timeoutMs: number, count: number): BatchOutcome | undefined {
    const seq = ++this.seq;
    Atomics.store(this.ctrl, 3, mode);
    Atomics.store(this.ctrl, 0, seq);
    Atomics.notify(this.ctrl, 0);
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const cur = Atomics.load(this.ctrl, 1);
      if (cur === seq) return undefined;
      const left = deadline - performance.now();
      if (left <= 0) {
        const why = this.workerError !== undefined ? ` (worker error: ${this.workerError})` : ' (endless loop, or the worker ran out of memory)';
        const message = `no answer within ${timeoutMs} ms for ${count} calls${why}; the worker was stopped`;
        this.kill(message);
        return { status: 'timeout', timeoutMs, message };
      }
      Atomics.wait(this.ctrl, 1, cur, left);
    }
  }

  /** The next message from the worker (it is posted before the counter is bumped, but can become visible a moment later). */
  private receive(): unknown {
    let got = receiveMessageOnPort(this.port);
    for (let spin = 0; got === undefined && spin < 20000; spin++) {
      Atomics.wait(this.ctrl, 2, 0, 0.1);
      got = receiveMessageOnPort(this.port);
    }
    return got?.message;
  }

  private call(msg: Record<string, unknown>, timeoutMs: number, count: number): BatchOutcome {
    if (this.deadReason !== undefined) return { status: 'crashed', message: this.deadReason };
    this.port.postMessage(msg);
    const waited = this.signal(0, timeoutMs, count);
    if (waited !== undefined) return waited;
    const reply = this.receive();
    if (reply === undefined) {
      this.kill('the worker replied without a message');
      return { status: 'crashed', message: 'the worker replied without a message' };
    }
    const outcome = outcomeFromReply(reply as WorkerReply, count);
    if (outcome.status === 'crashed') this.kill(outcome.message);
    return outcome;
  }

  private kill(reason: string): void {
    this.deadReason = reason;
    void this.worker.terminate();
    this.port.close();
  }

  /** Stops the worker. */
  close(): void {
    if (this.deadReason === undefined) this.kill('closed');
  }
}
