/**
 * The reference data the tests read from `../shared/` (a folder beside the
 * repository: IPC instances, BEHAVIOR/EAI problems, LLM-DM releases, anchors).
 * A test that needs it calls `sharedPath(...)`, which fails the test file with
 * one message naming the missing folder instead of skipping: in CI the data is
 * always there, so a skip would hide a broken path.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `../shared` from the repository root (this file is in `test/`). */
export const SHARED_DIR = resolve(import.meta.dirname, '..', '..', 'shared');

/** The path of `parts` under `../shared`; throws naming it when it does not exist. */
export function sharedPath(...parts: string[]): string {
  const path = join(SHARED_DIR, ...parts);
  if (!existsSync(path)) throw new Error(`reference data missing: ${path} does not exist (the tests need ../shared/ beside the repository, see README "Quick start")`);
  return path;
}
