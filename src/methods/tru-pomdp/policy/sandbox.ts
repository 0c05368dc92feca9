/**
 * The asynchronous sandbox: an `ses` Compartment inside a `piscina` worker
 * (one thread) with a time limit per batch (`AbortSignal.timeout`; piscina
 * terminates a worker whose task is aborted) and a heap limit
 * (`resourceLimits`). Used to vet LLM-written policies and for batched,
 * non-blocking evaluation. Each task carries the source and the worlds it
 * needs, so a replaced worker (after a timeout or a crash) starts clean.
 */
import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import { GroundplanError } from '../../../core/errors.js';
import { encodeQueries, outcomeFromReply, sourceKey, type BatchOutcome, type PolicyQuery, type WorkerReply } from './wire.js';
import { sandboxWorkerFile } from './worker-source.js';

export interface SandboxLimits {
  /** Wall-time limit per batch (ms). Default 2000. */
  timeoutMs?: number;
  /** Old-generation heap limit of the worker (MB). Default 64. */
  maxMemoryMb?: number;
  /** Time allowed for a (re)started worker to load `ses` and lock down. Default 15000 ms. */
  startupTimeoutMs?: number;
}

export interface SandboxOptions {
  /** The worker module (default: the generated sandbox worker, `sandboxWorkerFile()`); tests wrap it to slow its start-up. */
  workerFile?: string;
}

export const DEFAULT_SANDBOX_LIMITS = { timeoutMs: 2000, maxMemoryMb: 64 } as const;

export function workerResourceLimits(maxMemoryMb: number): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number; stackSizeMb: number } {
  return { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(maxMemoryMb / 4))), stackSizeMb: 4 };
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}

export class PolicySandbox {
  readonly timeoutMs: number;
  readonly maxMemoryMb: number;
  readonly startupTimeoutMs: number;
  private readonly pool: Piscina;
  private closed = false;

  constructor(limits: SandboxLimits = {}, options: SandboxOptions = {}) {
    this.timeoutMs = limits.timeoutMs ?? DEFAULT_SANDBOX_LIMITS.timeoutMs;
    this.maxMemoryMb = limits.maxMemoryMb ?? DEFAULT_SANDBOX_LIMITS.maxMemoryMb;
    this.startupTimeoutMs = limits.startupTimeoutMs ?? 15000;
    // piscina is loaded when a sandbox is made, not with the package (its CommonJS entry: a constructor cannot await)
    const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
    this.pool = new Pool({
      filename: options.workerFile ?? sandboxWorkerFile(),
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 1000,
      execArgv: [],
      resourceLimits: workerResourceLimits(this.maxMemoryMb),
    });
  }

  /** Runs `source`'s `nextAction` on every query, in one task. Never throws for policy faults. */
  async evaluate(source: string, queries: readonly PolicyQuery[], timeoutMs = this.timeoutMs): Promise<BatchOutcome> {
    if (this.closed) throw new GroundplanError('POLICY_SANDBOX', 'the sandbox is closed');
    const { buf, count, worlds } = encodeQueries(queries);
    try {
      await this.warm();
      const reply = (await this.pool.run(
        { op: 'eval', key: sourceKey(source), source, worlds, buf, count },
        { signal: AbortSignal.timeout(timeoutMs) },
      )) as WorkerReply;
      return outcomeFromReply(reply, count);
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      if (name === 'AbortError' || name === 'TimeoutError') {
        return { status: 'timeout', timeoutMs, message: `no answer within ${timeoutMs} ms for ${count} calls (endless loop?); the worker was stopped` };
      }
      const msg = errorMessage(err);
      if (/out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(msg)) {
        return { status: 'crashed', message: `the worker ran out of memory (limit ${this.maxMemoryMb} MB): ${msg}` };
      }
      return { status: 'crashed', message: msg };
    }
  }

  /**
   * A worker replaced after a timeout or crash, or not yet started, starts afresh (load ses,
   * lockdown: ~0.2 s, seconds on a busy machine): warm it first, under the start-up limit, so
   * that a task's time limit measures the task, not the start-up.
   */
  private async warm(): Promise<void> {
    await this.pool.run({ op: 'ping' }, { signal: AbortSignal.timeout(this.startupTimeoutMs) });
  }

  /** Evaluates a JavaScript expression in a fresh compartment of the worker (tests: what can policy code see?). */
  async probe(expr: string): Promise<unknown> {
    if (this.closed) throw new GroundplanError('POLICY_SANDBOX', 'the sandbox is closed');
    await this.warm();
    const reply = (await this.pool.run({ op: 'probe', expr }, { signal: AbortSignal.timeout(this.timeoutMs) })) as { ok: boolean; value?: unknown; message?: string };
    if (!reply.ok) throw new GroundplanError('POLICY_SANDBOX', reply.message ?? 'probe failed');
    return reply.value;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.destroy();
  }
}
