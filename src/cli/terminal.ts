/**
 * What the CLI may write to a stream beyond plain text: redrawn progress lines (`\r` and
 * erase-line codes, progress bars) only on a terminal that is not `TERM=dumb`; colours only
 * there and when `NO_COLOR` is unset or empty (https://no-color.org).
 */
type Env = Record<string, string | undefined>;

/** A stream that may be a terminal (`process.stdout`, `process.stderr`). */
interface MaybeTty {
  isTTY?: boolean;
}

/** Whether progress may be redrawn in place on `stream`. */
export function canRedraw(stream: MaybeTty, env: Env = process.env): boolean {
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/** Whether output to `stream` may be coloured. */
export function colorsAllowed(stream: MaybeTty, env: Env = process.env): boolean {
  return canRedraw(stream, env) && (env.NO_COLOR === undefined || env.NO_COLOR === '');
}
