/** Reading method options from a spec's `config`, with the field path in the error. */
import { GroundplanError } from '../core/errors.js';
import type { Json } from './schema.js';

type Config = { readonly [key: string]: Json };

/** `config[key]` as a number ≥ `min` (an integer when asked), or `fallback` when absent. */
export function configNumber(config: Config, key: string, fallback: number, min: number, integer = false): number {
  const v = config[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (integer && !Number.isInteger(v))) {
    throw new GroundplanError('EVAL_SPEC', `spec.config.${key}: expected ${integer ? 'an integer' : 'a number'} ≥ ${min}, got ${JSON.stringify(v)}`);
  }
  return v;
}

/** `config[key]` as a string, or `fallback` when absent. */
export function configString(config: Config, key: string, fallback: string): string {
  const v = config[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'string') throw new GroundplanError('EVAL_SPEC', `spec.config.${key}: expected a string, got ${JSON.stringify(v)}`);
  return v;
}
