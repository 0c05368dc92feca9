/**
 * `groundplan worker --queue redis://HOST:6379`: take evaluation episodes from
 * the BullMQ queue that `groundplan bench --queue` fills, run them, and send
 * each row and trace back through the queue. Prints one line per finished
 * episode on stdout (`--json`: the row as one JSON line); status on stderr.
 * SIGINT/SIGTERM: finish the running episodes and exit; a second signal hands
 * them back to the queue at once; a third exits immediately.
 */
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { DEFAULT_LOCK_MS, DEFAULT_QUEUE_NAME, DEFAULT_STALLED_MS, startWorker, type QueueWorkerEvent } from '../../eval/queue/index.js';

interface WorkerCliOptions {
  queue: string;
  queueName: string;
  concurrency: string;
  id?: string;
  dataDir?: string;
  lockSeconds: string;
  stalledSeconds: string;
  json?: boolean;
  verbose?: boolean;
}

function positiveOption(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new InputError('CLI_OPTION', `--${flag}: expected a positive ${integer ? 'integer' : 'number'}, got '${text}'`);
  }
  return value;
}

function describe(event: QueueWorkerEvent, id: string): string | undefined {
  switch (event.type) {
    case 'started':
      return `[${id}] start ${event.key}${event.attempt > 1 ? ` (attempt ${event.attempt})` : ''}`;
    case 'failed':
      return `[${id}] runner failed on ${event.key} (attempt ${event.attempt}${event.final ? ', giving up' : ', will retry'}): ${event.message}`;
    case 'recovered':
      return `[${id}] requeued stalled job ${event.key} (its worker stopped renewing the lock)`;
    case 'released':
      return `[${id}] handed ${event.key} back to the queue`;
    case 'error':
      return `[${id}] queue error: ${event.message}`;
    default:
      return undefined;
  }
}

function finishedLine(event: Extract<QueueWorkerEvent, { type: 'finished' }>, id: string): string {
  const { row } = event;
  const outcome = row.status === 'error' ? `error: ${row.error ?? ''}` : row.success ? 'success' : 'failure';
  const s = row.spec;
  return `[${id}] ${s.suite} ${s.method} ${s.task} seed ${s.seed}: ${outcome}, reward ${row.reward}, ${row.steps} steps, ${row.llm.calls} LLM calls, ${event.seconds.toFixed(1)} s`;
}

export function register(program: Command): void {
  program
    .command('worker')
    .description('run evaluation episodes from a Redis queue (filled by `bench --queue`) until stopped')
    .requiredOption('--queue <url>', 'Redis URL, e.g. redis://HOST:6379')
    .option('--queue-name <name>', 'BullMQ queue name (must match bench)', DEFAULT_QUEUE_NAME)
    .option('--concurrency <n>', 'episodes run at once', '1')
    .option('--id <name>', 'worker id recorded in each row (default HOST-PID)')
    .option('--data-dir <dir>', 'shared data folder for suites that read it (ipc), as for bench')
    .option('--lock-seconds <s>', 'job lock; a dead worker\'s job is requeued at most lock + stalled-check seconds after it died', String(DEFAULT_LOCK_MS / 1000))
    .option('--stalled-seconds <s>', 'interval of the stalled-job check', String(DEFAULT_STALLED_MS / 1000))
    .option('--json', 'print each finished row as one JSON line')
    .option('--verbose', 'also report each episode start on stderr')
    .action(async (o: WorkerCliOptions) => {
      const id = o.id ?? `${hostname()}-${process.pid}`;
      const concurrency = positiveOption('concurrency', o.concurrency, true);
      const lockMs = Math.round(positiveOption('lock-seconds', o.lockSeconds, false) * 1000);
      const stalledMs = Math.round(positiveOption('stalled-seconds', o.stalledSeconds, false) * 1000);
      const onEvent = (event: QueueWorkerEvent) => {
        if (event.type === 'finished') {
          process.stdout.write(`${o.json ? JSON.stringify(event.row) : finishedLine(event, id)}\n`);
          return;
        }
        if (event.type === 'started' && !o.verbose) return;
        const line = describe(event, id);
        if (line) process.stderr.write(`${line}\n`);
      };
      const worker = await startWorker({
        url: o.queue,
        queueName: o.queueName,
        concurrency,
        id,
        lockMs,
        stalledMs,
        ...(o.dataDir !== undefined ? { dataDir: resolve(o.dataDir) } : {}),
        onEvent,
      });
      process.stderr.write(`[${id}] waiting for episodes on ${o.queue} (queue ${o.queueName}, concurrency ${concurrency}); Ctrl-C to stop\n`);

      let signals = 0;
      let resolveStopped: () => void = () => undefined;
      const stopped = new Promise<void>((done) => {
        resolveStopped = done;
      });
      const onSignal = (name: NodeJS.Signals) => {
        signals += 1;
        if (signals === 1) {
          const n = worker.running();
          process.stderr.write(`[${id}] ${name}: ${n > 0 ? `finishing ${n} running episode(s); signal again to hand them back to the queue` : 'stopping'}\n`);
          void worker.close().then(resolveStopped);
        } else if (signals === 2) {
          process.stderr.write(`[${id}] ${name}: handing running episodes back to the queue\n`);
          void worker.release().then(resolveStopped);
        } else {
          process.stderr.write(`[${id}] ${name}: exiting now (unfinished jobs are requeued when their locks expire)\n`);
          process.exit(130);
        }
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      await stopped;
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.stderr.write(`[${id}] stopped\n`);
    });
}
