/**
 * What the paths given to `report` hold: result stores (a folder with
 * `results.jsonl`, or a `.jsonl` file of episode rows) and the other
 * committed benchmark files (planner, POMDP and LLM-DM rows, the household
 * world-model benches' JSON, the kitchen generator's tasks, reference runs).
 * Folders are searched recursively; a store's `traces/` are not.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../../core/errors.js';
import { RESULTS_FILE, TRACES_DIR } from '../store.js';

export interface ReportInputs {
  /** Result stores: folders holding results.jsonl, or episode-row `.jsonl` files. */
  stores: string[];
  /** Other data files (`.jsonl`, `.json`, `.tsv`), for the benchmark tables. */
  dataFiles: string[];
}

const DATA_FILE = /\.(jsonl|json|tsv)$/;

/** The first line of a file (up to 64 KB). */
function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(65536);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8').split('\n')[0];
  } finally {
    closeSync(fd);
  }
}

/** Whether a `.jsonl` file holds episode rows (its first row has `key` and `spec`), not another bench's rows. */
export function isEpisodeRows(path: string): boolean {
  if (path.endsWith(RESULTS_FILE)) return true;
  try {
    const row = JSON.parse(firstLine(path)) as unknown;
    return typeof row === 'object' && row !== null && 'key' in row && 'spec' in row;
  } catch {
    return false;
  }
}

function walk(dir: string, into: ReportInputs): void {
  if (existsSync(join(dir, RESULTS_FILE))) {
    into.stores.push(dir);
    return;
  }
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.') || name === TRACES_DIR || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, into);
    else if (DATA_FILE.test(name)) into.dataFiles.push(path);
  }
}

/** Sorts the paths into stores and data files; a path that does not exist is an input error. */
export function findReportInputs(paths: readonly string[]): ReportInputs {
  const found: ReportInputs = { stores: [], dataFiles: [] };
  for (const p of paths) {
    if (!existsSync(p)) throw new InputError('REPORT_INPUT', `${p}: no such results directory or file`);
    if (statSync(p).isDirectory()) walk(p, found);
    else if (p.endsWith('.jsonl') && isEpisodeRows(p)) found.stores.push(p);
    else found.dataFiles.push(p);
  }
  // the same store or file named twice (or inside a folder also given) counts once
  const once = (xs: string[]): string[] => xs.filter((x, i) => xs.findIndex((y) => resolve(y) === resolve(x)) === i);
  return { stores: once(found.stores), dataFiles: once(found.dataFiles) };
}
