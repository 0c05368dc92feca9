/**
 * The server's per-call limits and their defaults (a module of its own so
 * the command line can read them without loading the server).
 */

export interface ServerLimits {
  /** CPU seconds of a call that gives no `cpuSeconds` (default 10). */
  defaultCpuSeconds: number;
  /** Most CPU seconds a call may ask for. */
  maxCpuSeconds: number;
  /** Memory limit of a call in MiB: its worker's V8 heap (set on the pool) and the search's state arrays. */
  memoryMb: number;
  /** Largest total size of a call's arguments in bytes (UTF-8). */
  maxInputBytes: number;
  /** Wall-clock limit of every call in seconds; undefined: derived from the call's CPU limit (`wallMsFor`). */
  wallSeconds?: number;
}

export const DEFAULT_LIMITS: ServerLimits = { defaultCpuSeconds: 10, maxCpuSeconds: 60, memoryMb: 1024, maxInputBytes: 1024 * 1024 };

/** Default wall-clock limit: three times the CPU limit plus 10 s (a call may wait for a core on a busy machine, but not without end). */
export function wallMsFor(limits: ServerLimits, cpuMs: number): number {
  return limits.wallSeconds !== undefined ? limits.wallSeconds * 1000 : 3 * cpuMs + 10_000;
}

/** Bounds on what the server holds for clients that are not running a call. */
export interface ServerCaps {
  /** Most calls waiting for a worker; one more is refused with `server-busy`. */
  maxQueued: number;
  /** Most open HTTP sessions; one more `initialize` is answered 503. */
  maxSessions: number;
  /** An HTTP session with no request for this long is closed. */
  sessionIdleMs: number;
  /** On SIGTERM, how long running HTTP calls may go on before they are stopped and answered with an error. */
  drainMs: number;
}

export const DEFAULT_CAPS: ServerCaps = { maxQueued: 64, maxSessions: 100, sessionIdleMs: 10 * 60_000, drainMs: 10_000 };
