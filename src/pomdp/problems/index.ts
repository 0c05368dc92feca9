/**
 * Reference POMDP problems as defined by the DESPOT reference code
 * (AdaCompNUS/despot examples): Tiger, Tag, RockSample(n,k), and a parser for
 * problem ids `tiger`, `tag`, `rocksample:N:K`.
 */
import { InputError } from '../../core/errors.js';
import type { PomdpModel } from '../model.js';
import { createTiger } from './tiger.js';
import { createTag } from './tag.js';
import { createRockSample } from './rocksample.js';
import { createLaserTag } from './lasertag.js';

export { createTiger, TIGER_LEFT, TIGER_RIGHT, TIGER_LISTEN, type TigerOptions } from './tiger.js';
export { createTag, buildTagMap, tagTables, TAG_ACTION, type TagMap } from './tag.js';
export { createRockSample, ROCKSAMPLE_LAYOUTS, RS_SAMPLE } from './rocksample.js';
export { createLaserTag, laserTagRows, LASERTAG_SAME } from './lasertag.js';

export interface ProblemSpec {
  id: string;
  model: PomdpModel<number>;
  /** The reference main's λ for this problem. */
  lambda: number;
  /** The model depends on the episode seed (LaserTag's random map): build one per episode. */
  seeded?: boolean;
}

export const PROBLEM_IDS = ['tiger', 'tag', 'lasertag', 'rocksample:7:8', 'rocksample:11:11'];

/** The problem for an id; `seed` picks LaserTag's random map (one per episode, as the reference). */
export function makeProblem(id: string, seed = 1): ProblemSpec {
  const p = id.trim().toLowerCase();
  if (p === 'tiger') return { id: p, model: createTiger(), lambda: 0 };
  if (p === 'tag') return { id: p, model: createTag(), lambda: 0.01 };
  if (p === 'lasertag') return { id: p, model: createLaserTag(seed), lambda: 0.01, seeded: true };
  const m = /^rocksample:(\d+):(\d+)$/.exec(p) ?? /^rs\((\d+),(\d+)\)$/.exec(p);
  if (m) {
    const n = Number(m[1]);
    const k = Number(m[2]);
    return { id: `rocksample:${n}:${k}`, model: createRockSample(n, k), lambda: 0 };
  }
  throw new InputError('POMDP_PROBLEM', `unknown problem '${id}' (known: ${PROBLEM_IDS.join(', ')})`);
}
