/**
 * The domain-description input format (as in the LLM-DM data, Guan et al. 2023):
 * a directory with `domain_desc.txt` (free text), `hierarchy_requirements.json`
 * (`{"hierarchy": {"parent": ["child", ...]}, "requirements": ["typing", ...]}`)
 * and `action_model.json` (`{"Action name": {"desc": "...", "extra_info": ["..."]}}`).
 */
import { readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { TypeSpec } from '../../pddl/described/model.js';
import { LlmDmInputError } from './errors.js';

export interface ActionSpec {
  /** The natural-language action name (the key in action_model.json). */
  name: string;
  desc: string;
  extraInfo: string[];
}

export interface DomainSpec {
  name: string;
  description: string;
  types: TypeSpec[];
  /** Without the leading ':'. */
  requirements: string[];
  actions: ActionSpec[];
}

const NAME_RE = /^[a-zA-Z][a-zA-Z0-9_-]*$/;

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new LlmDmInputError(`cannot read '${path}'`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new LlmDmInputError(`${path}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Types from a `{parent: [children]}` hierarchy: parents not listed as a child get parent `object`. */
export function typesFromHierarchy(h: unknown, where: string): TypeSpec[] {
  if (!isRecord(h)) throw new LlmDmInputError(`${where}: "hierarchy" must be an object mapping each type to its subtypes`);
  const parentOf = new Map<string, string>();
  const order: string[] = [];
  for (const [parent, children] of Object.entries(h)) {
    if (!NAME_RE.test(parent)) throw new LlmDmInputError(`${where}: type name '${parent}' is not a valid PDDL name`);
    if (!Array.isArray(children)) throw new LlmDmInputError(`${where}: subtypes of '${parent}' must be a list of names`);
    if (!order.includes(parent)) order.push(parent);
    for (const c of children) {
      if (typeof c !== 'string' || !NAME_RE.test(c)) throw new LlmDmInputError(`${where}: subtype ${JSON.stringify(c)} of '${parent}' is not a valid PDDL name`);
      if (parentOf.has(c)) throw new LlmDmInputError(`${where}: type '${c}' has two parents ('${parentOf.get(c)}' and '${parent}')`);
      parentOf.set(c, parent);
      if (!order.includes(c)) order.push(c);
    }
  }
  return order.map((name) => ({ name, parent: parentOf.get(name) ?? 'object' }));
}

export function parseActionModels(x: unknown, where: string): ActionSpec[] {
  if (!isRecord(x)) throw new LlmDmInputError(`${where}: expected an object mapping action names to {"desc": ..., "extra_info": [...]}`);
  const out: ActionSpec[] = [];
  for (const [name, v] of Object.entries(x)) {
    if (!isRecord(v) || typeof v.desc !== 'string') throw new LlmDmInputError(`${where}: action '${name}' needs a "desc" string`);
    const extra = v.extra_info ?? [];
    if (!Array.isArray(extra) || extra.some((e) => typeof e !== 'string')) {
      throw new LlmDmInputError(`${where}: "extra_info" of action '${name}' must be a list of strings`);
    }
    out.push({ name, desc: v.desc, extraInfo: extra as string[] });
  }
  if (out.length === 0) throw new LlmDmInputError(`${where}: no actions`);
  return out;
}

/** Reads a domain directory (see the module comment). The domain name defaults to the directory name. */
export function loadDomainSpec(dir: string, name?: string): DomainSpec {
  const descPath = join(dir, 'domain_desc.txt');
  if (!existsSync(descPath)) throw new LlmDmInputError(`${dir}: missing domain_desc.txt (expected domain_desc.txt, hierarchy_requirements.json, action_model.json)`);
  const description = readFileSync(descPath, 'utf8').trim();
  const hrPath = join(dir, 'hierarchy_requirements.json');
  const hr = readJson(hrPath);
  if (!isRecord(hr)) throw new LlmDmInputError(`${hrPath}: expected {"hierarchy": {...}, "requirements": [...]}`);
  const types = typesFromHierarchy(hr.hierarchy ?? {}, hrPath);
  const reqs = hr.requirements ?? ['typing'];
  if (!Array.isArray(reqs) || reqs.some((r) => typeof r !== 'string')) throw new LlmDmInputError(`${hrPath}: "requirements" must be a list of strings`);
  const requirements = (reqs as string[]).map((r) => r.replace(/^:/, ''));
  const amPath = join(dir, 'action_model.json');
  const actions = parseActionModels(readJson(amPath), amPath);
  return { name: name ?? (basename(dir.replace(/\/+$/, '')) || 'domain'), description, types, requirements, actions };
}

/** PDDL action name from a natural-language one: lower-case, articles dropped, words joined by '-'. */
export function actionSlug(name: string): string {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== '' && w !== 'a' && w !== 'an' && w !== 'the');
  const slug = words.join('-');
  return /^[a-z]/.test(slug) ? slug : `action-${slug}`;
}
