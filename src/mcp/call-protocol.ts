/**
 * What the protocol thread and a call's worker thread say to each other: the
 * call (tool name, arguments already validated by the tool's input schema,
 * limits), progress reports during the call, and the tool's output.
 */

export interface CallLimits {
  /** CPU-time limit of the call in milliseconds (the search's `timeoutMs` on the thread's CPU clock). */
  cpuMs: number;
  /** Memory limit of the search's state arrays in bytes (the planner's `maxBytes`). */
  maxBytes: number;
  /** Wall-clock limit of the call in milliseconds once it runs (the pool's watchdog terminates the worker past it). */
  wallMs?: number;
}

export interface CallRequest {
  tool: string;
  args: unknown;
  limits: CallLimits;
}

export interface ProgressReport {
  /** `parsing`, `grounding`, `searching`, `validating`, ... */
  phase: string;
  /** One line for a person, e.g. `search: 120000 expanded, 80000 states, best h 7`. */
  message: string;
  /** CPU time of the call so far. */
  cpuMs: number;
}

/** A tool's answer: the structured content (matching the tool's output schema), a text rendering, and whether it is a tool error. */
export interface ToolOutput {
  isError: boolean;
  structured: Record<string, unknown>;
  text: string;
}

export type WorkerMessage =
  | { type: 'ready'; tid?: number }
  | { type: 'progress'; id: number; progress: ProgressReport }
  | { type: 'done'; id: number; output: ToolOutput }
  | { type: 'failed'; id: number; message: string };

export type MainMessage = { type: 'run'; id: number; call: CallRequest };

/** What a tool implementation gets besides its arguments (inside the worker thread). */
export interface CallContext {
  limits: CallLimits;
  /** CPU milliseconds this call has used (a never-decreasing clock: pass it as a search's `now`). */
  cpuMs(): number;
  /** Reports progress (sent as MCP progress notifications when the client asked for them). */
  progress(phase: string, message: string): void;
}
