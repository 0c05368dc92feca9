/** Reading numbers from `spec.config`, with the field path in the error. */
import { GroundplanError } from '../core/errors.js';
import type { EpisodeSpec } from './types.js';

/** `spec.config[key]` as a number ≥ `min` (an integer when asked), or `fallback` when absent. */
export function configNumber(spec: EpisodeSpec, key: string, fallback: number, min: number, integer = false): number {
  const v = spec.config[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (integer && !Number.isInteger(v))) {
    throw new GroundplanError('EVAL_SPEC', `spec.config.${key}: expected ${integer ? 'an integer' : 'a number'} ≥ ${min}, got ${JSON.stringify(v)}`);
  }
  return v;
}
