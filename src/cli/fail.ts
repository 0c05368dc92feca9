/**
 * How the CLI reports errors: input problems as one clear line and exit 2,
 * never a stack trace (unless GROUNDPLAN_DEBUG is set).
 */
import { GroundplanError } from '../core/errors.js';

export function reportFatal(err: unknown): void {
  if (process.env.GROUNDPLAN_DEBUG && err instanceof Error) {
    process.stderr.write(`${err.stack ?? err.message}\n`);
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
