/**
 * Running out of memory as an outcome, not a crash: recognising the
 * allocation failures V8 throws as a RangeError ("Array buffer allocation
 * failed", "Invalid typed array length"), and polling the process's memory
 * (typed arrays, V8 heap) against a limit so a search can stop with `memout`
 * before V8 aborts the process.
 */
import { getHeapStatistics } from 'node:v8';

const ALLOCATION_FAILURE = /Array buffer allocation failed|Invalid (typed )?array length|allocation failed/i;

/** True for the RangeError V8 throws when an array or buffer cannot be allocated. */
export function isOutOfMemory(err: unknown): err is RangeError {
  return err instanceof RangeError && ALLOCATION_FAILURE.test(err.message);
}

/** Default limit on the process's typed arrays (`maxBytes` of the search and the grounder's memory check): 3 GiB. */
export const DEFAULT_MAX_ARRAY_BYTES = 3 * 1024 ** 3;

/** Share of the old generation's limit above which the heap counts as exhausted. */
export const HEAP_FULL_FRACTION = 0.9;

/**
 * V8's `heap_size_limit` counts the young generation too (3 semi-spaces of up
 * to 16 MiB on 64-bit Node 20: `--max-old-space-size=24` reports 75.5 MB);
 * the process aborts when the old generation reaches its own limit, so the
 * young generation's share is taken off (never more than half the limit).
 */
const YOUNG_GENERATION_BYTES = 64 * 1024 * 1024;
const totalHeapLimit = getHeapStatistics().heap_size_limit;
const oldGenerationLimit = Math.max(totalHeapLimit - YOUNG_GENERATION_BYTES, totalHeapLimit / 2);

/**
 * Why the process should stop for memory, or undefined: its array buffers
 * (every typed array: search, heuristics, ground task) above `maxArrayBytes`,
 * or the V8 heap above `HEAP_FULL_FRACTION` of the old generation's limit
 * (`--max-old-space-size`, or a worker's `resourceLimits`), where V8 would
 * abort the process. Costs about 10 µs: poll it now and then.
 */
export function memoryExhausted(maxArrayBytes: number): string | undefined {
  const m = process.memoryUsage();
  if (m.arrayBuffers > maxArrayBytes) return `typed arrays ${mib(m.arrayBuffers)} MiB above the limit of ${mib(maxArrayBytes)} MiB`;
  if (m.heapUsed > HEAP_FULL_FRACTION * oldGenerationLimit) return `JavaScript heap ${mib(m.heapUsed)} MiB near its limit of ${mib(oldGenerationLimit)} MiB`;
  return undefined;
}

function mib(bytes: number): string {
  const m = bytes / 1024 / 1024;
  return m < 10 ? m.toFixed(2) : m.toFixed(1).replace(/\.0$/, '');
}
