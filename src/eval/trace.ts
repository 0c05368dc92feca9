/**
 * A JSONL trace writer: one `TraceRecord` per line, written synchronously so
 * that a crash loses at most the line being written.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Json, TraceRecord } from './types.js';

export interface TraceWriter {
  readonly path: string;
  write(record: TraceRecord): void;
  close(): void;
}

/** JSON-safe copy: drops `undefined` and functions, turns typed arrays into arrays, non-finite numbers into null. */
export function toJson(value: unknown): Json {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : v)),
  ) as Json;
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
