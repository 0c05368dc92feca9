/**
 * The table of error codes in docs/errors.md, rendered from the one declaration
 * (src/core/error-codes.ts). Rewrite it: `npx tsx test/docs/render-error-codes.ts`.
 */
import { ERROR_CODES } from '../../src/core/error-codes.js';

export const CODES_START = '<!-- error-codes -->';
export const CODES_END = '<!-- /error-codes -->';

/** One Markdown row per declared code, in declaration order. */
export function renderErrorCodes(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`);
  return ['| Code | Meaning |', '|---|---|', ...rows].join('\n');
}
