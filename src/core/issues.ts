/**
 * Input problems located by JSON path, in one style for every reader of JSON
 * files (kitchen tasks and layouts, scene files, household task files,
 * config files): `placement[3].area: unknown area 'X'`, the whole value being
 * `(root)`. A reader collects every issue it can find before it gives up, and
 * the error lists them all: `task.json: placement[0].area: …; robot.location: …`.
 * zod's issues have this shape already (`{path, message}`), so they go in
 * unchanged; core itself does not depend on zod.
 */
import { InputError } from './errors.js';
import type { ErrorCode } from './error-codes.js';

/** Where in a JSON value something is wrong (object keys and array indices), and what. */
export interface PathIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** `placement[3].area`; the empty path is `(root)`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '(root)' : out;
}

/** One `path: message` line per issue. */
export function formatIssues(issues: readonly PathIssue[]): string[] {
  return issues.map((i) => `${formatJsonPath(i.path)}: ${i.message}`);
}

/** Bad input with every issue found; `where` (a file name) leads the message. */
export class IssuesError extends InputError {
  readonly issues: readonly PathIssue[];
  constructor(code: ErrorCode, where: string | undefined, issues: readonly PathIssue[]) {
    super(code, `${where ? `${where}: ` : ''}${formatIssues(issues).join('; ')}`);
    this.issues = issues;
  }
}

/** Collects issues while a reader goes on checking. */
export class IssueList {
  readonly items: PathIssue[] = [];

  add(path: readonly PropertyKey[], message: string): void {
    this.items.push({ path: [...path], message });
  }

  /** Adds issues found inside a part of the value, their paths under `prefix`. */
  addAll(issues: readonly PathIssue[], prefix: readonly PropertyKey[] = []): void {
    for (const i of issues) this.add([...prefix, ...i.path], i.message);
  }

  get size(): number {
    return this.items.length;
  }

  /**
   * Runs a nested reader on a part of the value: its issues join this list
   * under `prefix` and the result is undefined; other errors propagate.
   */
  within<T>(prefix: readonly PropertyKey[], read: () => T): T | undefined {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof IssuesError)) throw err;
      this.addAll(err.issues, prefix);
      return undefined;
    }
  }

  /** Throws an `IssuesError` naming `where` when any issue was found. */
  throwIfAny(code: ErrorCode, where: string | undefined): void {
    if (this.items.length > 0) throw new IssuesError(code, where, this.items);
  }
}
