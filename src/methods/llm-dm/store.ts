/**
 * The files a build writes and review/check/explain/solve read:
 * `domain.pddl`, `predicates.json` (`[{name, params: [{name, type}], description}]`),
 * `history.jsonl` (one HistoryTurn per line) and `model.json`
 * (`{spec, model}`: the inputs and the model with its natural-language names).
 */
import { existsSync, readFileSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { assembleDomain } from './assemble.js';
import type { HistoryTurn } from './construct.js';
import { LlmDmInputError } from './errors.js';
import type { DomainSpec } from './inputs.js';
import type { DomainModel } from '../../pddl/described/model.js';
import { parsePredicateList, type PredicateDef } from '../../pddl/described/predicates.js';

export interface StoredBuild {
  spec: DomainSpec;
  model: DomainModel;
}

export function writeBuild(dir: string, build: StoredBuild, history: readonly HistoryTurn[], options: { appendHistory?: boolean } = {}): string[] {
  mkdirSync(dir, { recursive: true });
  const files = ['domain.pddl', 'predicates.json', 'model.json', 'history.jsonl'].map((f) => join(dir, f));
  writeFileSync(files[0], assembleDomain(build.model).text);
  writeFileSync(files[1], `${JSON.stringify(build.model.predicates, null, 2)}\n`);
  writeFileSync(files[2], `${JSON.stringify(build, null, 2)}\n`);
  const lines = history.map((t) => JSON.stringify(t)).join('\n') + (history.length > 0 ? '\n' : '');
  if (options.appendHistory) appendFileSync(files[3], lines);
  else writeFileSync(files[3], lines);
  return files;
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new LlmDmInputError(`cannot read ${what} '${path}'`);
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Reads model.json from a build directory (or the file itself). */
export function readBuild(path: string): StoredBuild {
  const file = existsSync(join(path, 'model.json')) ? join(path, 'model.json') : path;
  let json: unknown;
  try {
    json = JSON.parse(readText(file, 'model file')) as unknown;
  } catch (err) {
    if (err instanceof LlmDmInputError) throw err;
    throw new LlmDmInputError(`${file}: not valid JSON`);
  }
  if (!isRecord(json) || !isRecord(json.spec) || !isRecord(json.model) || !Array.isArray(json.model.actions)) {
    throw new LlmDmInputError(`${file}: expected {"spec": {...}, "model": {...}} as written by 'groundplan domain build'`);
  }
  return json as unknown as StoredBuild;
}

export function readHistory(dir: string): HistoryTurn[] {
  const file = join(dir, 'history.jsonl');
  if (!existsSync(file)) return [];
  return readText(file, 'history')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as HistoryTurn;
      } catch {
        throw new LlmDmInputError(`${file}:${i + 1}: not a JSON line`);
      }
    });
}

/** predicates.json (a list of {name, params, description}) or a text list of `(name ?x - t): description` lines. */
export function readPredicates(path: string): PredicateDef[] {
  const text = readText(path, 'predicates file');
  if (text.trim().startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      throw new LlmDmInputError(`${path}: not valid JSON`);
    }
    if (!Array.isArray(json)) throw new LlmDmInputError(`${path}: expected a list of {"name", "params", "description"}`);
    return json.map((p, i) => {
      if (!isRecord(p) || typeof p.name !== 'string' || !Array.isArray(p.params)) throw new LlmDmInputError(`${path}: entry ${i + 1} needs "name" and "params"`);
      return { name: p.name.toLowerCase(), params: p.params as PredicateDef['params'], description: typeof p.description === 'string' ? p.description : '' };
    });
  }
  const { defs, malformed } = parsePredicateList(text);
  if (malformed.length > 0) throw new LlmDmInputError(`${path}:${malformed[0].line}: malformed predicate definition "${malformed[0].text}": ${malformed[0].reason}`);
  return defs;
}
