/**
 * Rewrites the `<!-- error-codes -->` block of docs/errors.md from
 * src/core/error-codes.ts: `npx tsx test/docs/render-error-codes.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CODES_END, CODES_START, renderErrorCodes } from './error-codes.js';

const doc = resolve(import.meta.dirname, '..', '..', 'docs', 'errors.md');
const text = readFileSync(doc, 'utf8');
const start = text.indexOf(CODES_START);
const end = text.indexOf(CODES_END);
if (start < 0 || end < start) throw new Error(`${doc}: no ${CODES_START} … ${CODES_END} block`);
writeFileSync(doc, `${text.slice(0, start + CODES_START.length)}\n${renderErrorCodes()}\n${text.slice(end)}`);
