/**
 * The first half of running one spec: the method's catalogue entry, the
 * registry's synthetic generators installed, and the episode's LLM built with the
 * catalogue's hidden truth and the episode seed — the only way the truth
 * leaves the runner, through the client settings to the synthetic
 * stand-in (real models ignore it).
 */
import type { MethodRegistry, Resolved } from './catalogue.js';
import type { EpisodeLlm, EpisodeLlmFactory } from './llm.js';

export interface PreparedEpisode<M, Task> extends Resolved<M, Task> {
  llm: EpisodeLlm;
  seed: number;
}

export async function prepareEpisode<M, Task>(registry: MethodRegistry<M, Task>, task: Task, o: { method: string; seed: number; llm: EpisodeLlmFactory }): Promise<PreparedEpisode<M, Task>> {
  const { entry, catalogue } = registry.resolve(o.method);
  registry.installSynthetic();
  const llm = await o.llm({ truth: catalogue.truth(task), seed: o.seed, knobOwners: [catalogue.family] });
  return { entry, catalogue, llm, seed: o.seed };
}

/** The options a method runs with: the given ones (a CLI's flags) or the entry's reading of the config; the task only for an entry that reads the truth. */
export function entryOptions<M, Task>(p: PreparedEpisode<M, Task>, config: Parameters<NonNullable<Resolved<M, Task>['entry']['options']>>[0], task: Task, given?: Record<string, unknown>): Record<string, unknown> {
  return { ...(given ?? p.entry.options?.(config) ?? {}), ...(p.entry.readsTruth ? { task } : {}) };
}

/** The model line of a row: the LLM's description, or that the method uses none. */
export function modelLine<M, Task>(p: PreparedEpisode<M, Task>): string {
  return p.entry.readsTruth ? `${p.entry.name} (no LLM)` : p.llm.description;
}
