/**
 * The worker-thread side of the local pool: runs one episode with the eval
 * runner (the trace is written here; the row goes back to the main thread,
 * which alone appends to `results.jsonl`).
 */
import { runEpisode } from './runner.js';
import { ResultStore } from './store.js';
import type { EpisodeSpec, ResultRow } from './types.js';

export interface PoolTask {
  spec: EpisodeSpec;
  /** Result store directory (for the trace). */
  dir: string;
  worker: string;
  dataDir?: string;
}

const stores = new Map<string, ResultStore>();

export default async function runPoolTask(task: PoolTask): Promise<ResultRow> {
  let store = stores.get(task.dir);
  if (!store) {
    store = new ResultStore(task.dir);
    stores.set(task.dir, store);
  }
  return runEpisode(task.spec, { store, worker: task.worker, ...(task.dataDir !== undefined ? { dataDir: task.dataDir } : {}) });
}
