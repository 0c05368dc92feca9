/**
 * How the CLI reports errors: input problems as one clear line and exit 2,
 * running out of memory as one line and exit 3, never a stack trace (unless
 * GROUNDPLAN_DEBUG is set).
 */
import { GroundplanError } from '../core/errors.js';
import { isOutOfMemory } from '../core/memory.js';

/** Exit code of a run that ran out of memory (`memout`): not a bad input, not a verdict. */
export const MEMOUT_EXIT = 3;

export function reportFatal(err: unknown): void {
  if (process.env.GROUNDPLAN_DEBUG && err instanceof Error) {
    process.stderr.write(`${err.stack ?? err.message}\n`);
  }
  if (isOutOfMemory(err)) {
    process.stderr.write(`memout: out of memory: ${err.message}\n`);
    process.exitCode = MEMOUT_EXIT;
    return;
  }
  if (err instanceof GroundplanError) {
    process.stderr.write(`error: ${err.message}\n`);
  } else if (err instanceof Error) {
    process.stderr.write(`error: ${err.message}\n`);
  } else {
    process.stderr.write(`error: ${String(err)}\n`);
  }
  process.exitCode = 2;
}
