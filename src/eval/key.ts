/**
 * Stable episode keys: the spec as canonical JSON (object keys sorted at every
 * level, `undefined` fields dropped) hashed with SHA-256, behind a readable
 * prefix (suite, method, task, seed) that is safe as a file name.
 */
import { createHash } from 'node:crypto';
import type { EpisodeSpec, Json } from './types.js';

function canonical(value: unknown): Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonical(v)));
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined && typeof v !== 'function') out[k] = canonical(v);
    }
    return out;
  }
  return null;
}

/** JSON text with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

/** A file-name-safe fragment: runs of other characters become `_`. */
export function slug(text: string, max = 40): string {
  const s = text.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[_.]+|_+$/g, '');
  return s.length > max ? s.slice(0, max) : s;
}

/** The 12-hex-digit SHA-256 prefix of the spec's canonical JSON. */
export function specHash(spec: EpisodeSpec): string {
  return createHash('sha256').update(canonicalJson(spec)).digest('hex').slice(0, 12);
}

/**
 * `kitchen_easy.tru-pomdp_no-belief.one_wall-easy-1-3.s2.1a2b3c4d5e6f`: readable
 * prefix + short hash of the whole spec (model and config included).
 */
export function episodeKey(spec: EpisodeSpec): string {
  return `${slug(spec.suite, 24)}.${slug(spec.method, 32)}.${slug(spec.task, 48)}.s${spec.seed}.${specHash(spec)}`;
}
