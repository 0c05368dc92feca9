/**
 * Locating files shipped with the package (`data/...`) at run time. Works from
 * `src/` (tsx, vitest) and from `dist/src/` (after `tsc`): walk up from this
 * module's directory to the first directory holding a `package.json` named
 * `groundplan`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GroundplanError } from './errors.js';

let cachedRoot: string | undefined;

/** The package root directory (the one with groundplan's package.json). */
export function packageRoot(): string {
  if (cachedRoot !== undefined) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(pkg, 'utf8'));
        if (typeof parsed === 'object' && parsed !== null && (parsed as { name?: unknown }).name === 'groundplan') {
          cachedRoot = dir;
          return dir;
        }
      } catch {
        // not ours; keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new GroundplanError('PACKAGE_DATA', `cannot find the groundplan package root above ${fileURLToPath(import.meta.url)}`);
    }
    dir = parent;
  }
}

/** Absolute path of a file under the package's `data/` folder. */
export function packageDataPath(...parts: string[]): string {
  return join(packageRoot(), 'data', ...parts);
}
