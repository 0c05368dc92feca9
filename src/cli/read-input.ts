/**
 * Reading the user's input files: an unreadable file is bad input (exit 2)
 * reported in one line that names the file and the reason.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.js';

export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String((err as NodeJS.ErrnoException).code) : 'unreadable';
    throw new InputError('FILE_READ', `cannot read ${what} file '${path}' (${code})`);
  }
}
