/**
 * Part 2 of the LLM-DM report: the recorded GPT-4 construction dialogues
 * (results/<domain>/model_blocksworld/gpt-4_0_<pass>.json) replayed through
 * our construction loop as recorded answers. The scripted model answers each
 * (pass, action, round) with the recorded output; where our checks ask for a
 * round the recording does not have, it repeats its last recorded answer
 * (so the loop runs out its 8 rounds) and the action is reported as diverged.
 */
import { createScriptedModel } from '../src/llm/scripted-model.js';
import type { LlmRequest } from '../src/llm/types.js';
import { SEED_ERROR_TYPE, type CheckCategory } from '../src/methods/llm-dm/checks.js';
import { constructDomain } from '../src/methods/llm-dm/construct.js';
import { dialogueFiles, domainSpec, readJson, type LlmdmDomain } from './llmdm-data.js';

interface RecordedIter {
  llm_output: string;
  error_type?: string;
  feedback_msg?: string;
}

export interface ReplayTurn {
  pass: number;
  action: string;
  round: number;
  /** The seed's verdict on this recorded answer: its error type, or 'accepted'. */
  seed: string;
  /** Our verdict: the seed error types of our issues, or 'accepted'. */
  ours: string;
  /** Our categories. */
  categories: CheckCategory[];
  agree: boolean;
}

export interface ReplayReport {
  domain: LlmdmDomain;
  passes: number;
  turns: ReplayTurn[];
  /** Actions where our loop asked for more rounds than recorded. */
  diverged: string[];
  agreement: number;
}

function iterations(entry: Record<string, unknown>): RecordedIter[] {
  return Object.keys(entry)
    .filter((k) => /^iter_\d+$/.test(k))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))
    .map((k) => entry[k] as RecordedIter);
}

export async function replayDialogues(domain: LlmdmDomain): Promise<ReplayReport> {
  const files = dialogueFiles(domain);
  const recorded = files.map((f) => readJson(f) as Record<string, Record<string, unknown>>);
  const spec = domainSpec(domain);
  const diverged = new Set<string>();
  const answer = (req: LlmRequest): string => {
    const v = req.vars as { pass: number; action: string; round: number };
    const entry = recorded[v.pass - 1]?.[v.action];
    if (!entry) throw new Error(`no recorded dialogue for pass ${v.pass}, action '${v.action}'`);
    const its = iterations(entry);
    if (v.round > its.length) diverged.add(`${v.pass}:${v.action}`);
    return its[Math.min(v.round, its.length) - 1].llm_output;
  };
  const client = createScriptedModel({ id: `replay:${domain}`, byKind: { 'llmdm.action-model': answer } });
  const result = await constructDomain(spec, client, { maxPasses: recorded.length });
  const turns: ReplayTurn[] = [];
  for (const t of result.history) {
    const its = iterations(recorded[t.pass - 1][t.action]);
    if (t.round > its.length) continue;
    const it = its[t.round - 1];
    const seed = it.error_type ?? 'accepted';
    const categories = [...new Set(t.issues.map((i) => i.category as CheckCategory))];
    const ourTypes = [...new Set(categories.map((c) => SEED_ERROR_TYPE[c]))];
    const ours = ourTypes.length === 0 ? 'accepted' : ourTypes.join('+');
    const agree = seed === 'accepted' ? ourTypes.length === 0 : ourTypes.includes(seed);
    turns.push({ pass: t.pass, action: t.action, round: t.round, seed, ours, categories, agree });
  }
  return { domain, passes: recorded.length, turns, diverged: [...diverged], agreement: turns.filter((t) => t.agree).length };
}
