/**
 * A JSONL trace writer: one `TraceRecord` per line, written synchronously so
 * that a crash loses at most the line being written.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TraceRecord } from './types.js';

export { toJson } from '../episode/to-json.js';

export interface TraceWriter {
  readonly path: string;
  write(record: TraceRecord): void;
  close(): void;
}

/** Opens (truncating) `path` and returns a writer. */
export function openTraceFile(path: string): TraceWriter {
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | undefined = openSync(path, 'w');
  return {
    path,
    write(record) {
      if (fd === undefined) return;
      writeSync(fd, `${JSON.stringify(record)}\n`);
    },
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
  };
}
