/** Turning method records into the JSON of traces and specs. */
import type { Json } from './schema.js';

/** JSON-safe copy: drops `undefined` and functions, turns typed arrays into arrays, non-finite numbers into null. */
export function toJson(value: unknown): Json {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : v)),
  ) as Json;
}
