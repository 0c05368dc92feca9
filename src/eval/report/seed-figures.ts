/**
 * The seed papers' published numbers (`data/seed-figures.json`): one entry per
 * figure with the seed text it comes from, the table or section, the line of
 * that text and the value. Report tables read their "seed" columns from here.
 */
import { readFileSync } from 'node:fs';
import { GroundplanError } from '../../core/errors.js';
import { packageDataPath } from '../../core/package-data.js';

export interface SeedFigure {
  id: string;
  /** File name in the seeds folder (`gavel.txt`, ...). */
  seed: string;
  /** Table or section and the column the value is in. */
  where: string;
  /** 1-based line of the seed text holding the value. */
  line: number;
  value: number;
  /** The standard error printed beside the value, when the paper gives one. */
  se?: number;
}

function parseFigures(text: string, path: string): SeedFigure[] {
  const raw = JSON.parse(text) as { figures?: unknown };
  if (!Array.isArray(raw.figures)) throw new GroundplanError('SEED_FIGURES', `${path}: expected a 'figures' array`);
  return raw.figures.map((f: unknown, i: number) => {
    const o = f as Partial<SeedFigure>;
    const ok = typeof o.id === 'string' && typeof o.seed === 'string' && typeof o.where === 'string' && Number.isInteger(o.line) && typeof o.value === 'number' && (o.se === undefined || typeof o.se === 'number');
    if (!ok) throw new GroundplanError('SEED_FIGURES', `${path}: figures[${i}]: expected {id, seed, where, line, value, se?}`);
    return o as SeedFigure;
  });
}

let cached: Map<string, SeedFigure> | undefined;

/** Every seed figure by id (read once). */
export function seedFigures(): Map<string, SeedFigure> {
  if (!cached) {
    const path = packageDataPath('seed-figures.json');
    cached = new Map(parseFigures(readFileSync(path, 'utf8'), path).map((f) => [f.id, f]));
  }
  return cached;
}

/** The value of one figure; an unknown id is an error (a typo must not print a blank). */
export function seedValue(id: string): number {
  const f = seedFigures().get(id);
  if (!f) throw new GroundplanError('SEED_FIGURES', `data/seed-figures.json has no figure '${id}'`);
  return f.value;
}
