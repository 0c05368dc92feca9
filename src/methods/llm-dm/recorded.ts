/**
 * Models stored as JSON, in the format of the LLM-DM results
 * (`{"Action name": {"parameters": ["?p - package: ..."], "preconditions": "(and ...)",
 * "effects": "(and ...)", ...}}`), with a predicate list file (one
 * `(name ?x - t): description` per line). Also reads expert annotations
 * (`{"Action name": {"llm_output": "...", "annotation": ["..."]}}`).
 */
import { LlmDmInputError } from './errors.js';
import type { ActionParam } from '../../pddl/described/model.js';
import { parseActionAnswer, parseParamLine } from './answer-format.js';
import { actionSlug, type DomainSpec } from './inputs.js';
import type { ActionModel, DomainModel } from '../../pddl/described/model.js';
import { parsePredicateList, type PredicateDef } from '../../pddl/described/predicates.js';

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export interface StoredAction {
  name: string;
  parameters: ActionParam[];
  preconditions: string;
  effects: string;
  /** Parameter lines that could not be read. */
  badParameters: string[];
}

export function readStoredActions(json: unknown, where: string): StoredAction[] {
  if (!isRecord(json)) throw new LlmDmInputError(`${where}: expected an object mapping action names to models`);
  return Object.entries(json).map(([name, v]) => {
    if (!isRecord(v) || !Array.isArray(v.parameters) || typeof v.preconditions !== 'string' || typeof v.effects !== 'string') {
      throw new LlmDmInputError(`${where}: action '${name}' needs "parameters" (list), "preconditions" and "effects" (strings)`);
    }
    const parameters: ActionParam[] = [];
    const badParameters: string[] = [];
    for (const line of v.parameters) {
      if (typeof line === 'string' && line.trim() === '') continue;
      const p = typeof line === 'string' ? parseParamLine(line) : null;
      if (p && p.type !== undefined) parameters.push({ name: p.name, type: p.type, description: p.description });
      else badParameters.push(String(line));
    }
    return { name, parameters, preconditions: v.preconditions, effects: v.effects, badParameters };
  });
}

/** A DomainModel from stored actions, a predicate list text and the domain's types/requirements. */
export function modelFromStored(spec: Pick<DomainSpec, 'name' | 'types' | 'requirements'>, actions: readonly StoredAction[], predicatesText: string): { model: DomainModel; malformedPredicates: { line: number; text: string; reason: string }[] } {
  const { defs, malformed } = parsePredicateList(predicatesText);
  const unique: PredicateDef[] = [];
  for (const d of defs) if (!unique.some((u) => u.name === d.name)) unique.push(d);
  const acts: ActionModel[] = actions.map((a) => ({ name: a.name, pddlName: actionSlug(a.name), parameters: a.parameters, preconditions: a.preconditions, effects: a.effects }));
  return { model: { name: spec.name, types: spec.types, requirements: spec.requirements, predicates: unique, actions: acts }, malformedPredicates: malformed };
}

export interface AnnotatedAction {
  name: string;
  llmOutput: string;
  annotations: string[];
}

export function readAnnotations(json: unknown, where: string): AnnotatedAction[] {
  if (!isRecord(json)) throw new LlmDmInputError(`${where}: expected an object mapping action names to annotated outputs`);
  return Object.entries(json).map(([name, v]) => {
    if (!isRecord(v) || typeof v.llm_output !== 'string') throw new LlmDmInputError(`${where}: action '${name}' needs "llm_output"`);
    const ann = Array.isArray(v.annotation) ? v.annotation.filter((a): a is string => typeof a === 'string' && a.trim() !== '') : [];
    return { name, llmOutput: v.llm_output, annotations: ann };
  });
}

/** The new predicates an annotated output defines (for models stored without a predicate list). */
export function newPredicatesOf(outputs: readonly AnnotatedAction[]): PredicateDef[] {
  const out: PredicateDef[] = [];
  for (const o of outputs) for (const p of parseActionAnswer(o.llmOutput).newPredicates) if (!out.some((x) => x.name === p.name)) out.push(p);
  return out;
}
