/**
 * Loads the LLM-DM evaluation data (Guan et al. 2023) from ../shared/data/llmdm:
 * the domain inputs, GPT-4's raw models, the experts' annotations and the
 * corrected models. The data has no licence file: it is read here for
 * evaluation only and never copied into the package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDomainSpec, type DomainSpec } from '../src/methods/llm-dm/inputs.js';
import type { DomainModel } from '../src/pddl/described/model.js';
import { modelFromStored, readAnnotations, readStoredActions, type AnnotatedAction, type StoredAction } from '../src/methods/llm-dm/recorded.js';

export const LLMDM_DIR =
  [fileURLToPath(new URL('../../shared/data/llmdm', import.meta.url)), fileURLToPath(new URL('../../../shared/data/llmdm', import.meta.url)), resolve(process.cwd(), '../shared/data/llmdm')].find((d) => existsSync(d)) ??
  resolve(process.cwd(), '../shared/data/llmdm');

/** Fails, naming the folder, when the LLM-DM data is missing (tests need it: they must not skip). */
export function requireLlmdmData(): void {
  if (!existsSync(join(LLMDM_DIR, 'results'))) throw new Error(`the LLM-DM data folder ../shared/data/llmdm is missing (looked for ${LLMDM_DIR}/results)`);
}

export const LLMDM_DOMAINS = ['logistics', 'tyreworld', 'household'] as const;
export type LlmdmDomain = (typeof LLMDM_DOMAINS)[number];

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

export function domainSpec(domain: LlmdmDomain): DomainSpec {
  return loadDomainSpec(join(LLMDM_DIR, 'prompts', domain));
}

function resultsDir(domain: LlmdmDomain): string {
  return join(LLMDM_DIR, 'results', domain, 'model_blocksworld');
}

export interface LoadedModel {
  model: DomainModel;
  actions: StoredAction[];
  malformedPredicates: { line: number; text: string; reason: string }[];
}

/** GPT-4's raw model (gpt-4_pddl.json + gpt-4_predicates.txt). */
export function rawModel(domain: LlmdmDomain): LoadedModel {
  const dir = resultsDir(domain);
  const actions = readStoredActions(readJson(join(dir, 'gpt-4_pddl.json')), join(dir, 'gpt-4_pddl.json'));
  const r = modelFromStored(domainSpec(domain), actions, readFileSync(join(dir, 'gpt-4_predicates.txt'), 'utf8'));
  return { ...r, actions };
}

/** The experts' corrected model. */
export function correctedModel(domain: LlmdmDomain): LoadedModel {
  const dir = join(resultsDir(domain), 'corrected');
  const [pj, pt] = domain === 'household' ? ['pddl.json', 'predicates.txt'] : ['gpt-4_final_pddl.json', 'gpt-4_final_predicates.txt'];
  const actions = readStoredActions(readJson(join(dir, pj)), join(dir, pj));
  const r = modelFromStored(domainSpec(domain), actions, readFileSync(join(dir, pt), 'utf8'));
  return { ...r, actions };
}

export function annotations(domain: LlmdmDomain): AnnotatedAction[] {
  const p = join(resultsDir(domain), 'gpt-4_pddl_for_annotations.json');
  return readAnnotations(readJson(p), p);
}

/** The recorded construction dialogues gpt-4_0_*.json (logistics and tyreworld). */
export function dialogueFiles(domain: LlmdmDomain): string[] {
  return ['gpt-4_0_0.json', 'gpt-4_0_1.json'].map((f) => join(resultsDir(domain), f)).filter((p) => existsSync(p));
}
