/**
 * Rewrites the `<!-- layers -->` block of docs/architecture.md from the table
 * of layers (test/layering/layers.ts): `npx tsx test/layering/render-layers.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LAYERS_END, LAYERS_START, renderLayers } from './layers.js';

const doc = resolve(import.meta.dirname, '..', '..', 'docs', 'architecture.md');
const text = readFileSync(doc, 'utf8');
const start = text.indexOf(LAYERS_START);
const end = text.indexOf(LAYERS_END);
if (start < 0 || end < start) throw new Error(`${doc}: no ${LAYERS_START} … ${LAYERS_END} block`);
writeFileSync(doc, `${text.slice(0, start + LAYERS_START.length)}\n${renderLayers()}\n${text.slice(end)}`);
