/**
 * The worker-thread side of the call pool: runs one tool call at a time on
 * this thread's CPU clock and posts progress and the answer back. An
 * exception thrown by a tool is reported as a failed call; the thread stays
 * usable for the next one.
 */
import { parentPort } from 'node:worker_threads';
import type { CallContext, MainMessage, WorkerMessage } from './call-protocol.js';
import { currentThreadId, threadCpuClock } from './thread-cpu.js';
import { runTool } from './tool-runners.js';

const port = parentPort;
if (!port) throw new Error('call-worker must run on a worker thread');

const post = (m: WorkerMessage): void => port.postMessage(m);
post({ type: 'ready', tid: currentThreadId() });

port.on('message', (m: MainMessage) => {
  if (m.type !== 'run') return;
  const clock = threadCpuClock();
  const t0 = clock.now();
  const cpuMs = (): number => clock.now() - t0;
  const ctx: CallContext = {
    limits: m.call.limits,
    cpuMs,
    progress: (phase, message) => post({ type: 'progress', id: m.id, progress: { phase, message, cpuMs: cpuMs() } }),
  };
  try {
    post({ type: 'done', id: m.id, output: runTool(m.call.tool, m.call.args, ctx) });
  } catch (err) {
    post({ type: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) });
  }
});
