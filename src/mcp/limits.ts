/**
 * The server's per-call limits and their defaults (a module of its own so
 * the command line can read them without loading the server).
 */

export interface ServerLimits {
  /** CPU seconds of a call that gives no `cpuSeconds` (default 10). */
  defaultCpuSeconds: number;
  /** Most CPU seconds a call may ask for. */
  maxCpuSeconds: number;
  /** Memory limit of a call's search arrays in MiB (the worker heap limit is set on the pool). */
  memoryMb: number;
  /** Largest total size of a call's arguments in bytes (UTF-8). */
  maxInputBytes: number;
}

export const DEFAULT_LIMITS: ServerLimits = { defaultCpuSeconds: 10, maxCpuSeconds: 60, memoryMb: 1024, maxInputBytes: 1024 * 1024 };
