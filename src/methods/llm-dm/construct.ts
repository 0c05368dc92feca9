/**
 * Action-by-action construction of a PDDL domain with an LLM (Guan et al.
 * 2023, §4.1): one dialogue per action with the domain description, the
 * action's description and the growing predicate list; each answer is checked
 * automatically and the problems are fed back in the same dialogue (up to 8
 * rounds); the pass over all actions repeats while new predicates appear (at
 * most 3 passes), so later actions' predicates reach earlier actions.
 */
import { ask } from '../../llm/ask.js';
import type { ChatMessage, LlmClient, TokenUsage } from '../../llm/types.js';
import { addUsage, ZERO_USAGE } from '../../llm/types.js';
import { parseActionAnswer } from './answer-format.js';
import { checkAnswer, feedbackText, type Issue } from './checks.js';
import { actionSlug, type DomainSpec } from './inputs.js';
import type { ActionModel, DomainModel } from '../../pddl/described/model.js';
import type { PredicateDef } from '../../pddl/described/predicates.js';
import { actionModelMessages, type ActionModelVars } from './prompts.js';

export const ACTION_MODEL_KIND = 'llmdm.action-model';

/** One model turn of a construction dialogue (a line of history.jsonl). */
export interface HistoryTurn {
  kind: string;
  pass: number;
  action: string;
  /** 1 for the first answer, then one per feedback round. */
  round: number;
  /** The messages sent that the previous turn had not (the first turn: system + user). */
  prompt: ChatMessage[];
  answer: string;
  issues: { category: string; message: string }[];
  /** True when this answer was accepted (no issues, or the last allowed round). */
  accepted: boolean;
}

export interface ActionOutcome {
  action: string;
  pass: number;
  /** Feedback rounds used (0 when the first answer passed). */
  feedbackRounds: number;
  /** Issues left when the rounds ran out (empty when the answer passed). */
  issues: Issue[];
  newPredicates: string[];
}

export type ConstructEvent =
  | { kind: 'answer'; pass: number; action: string; round: number; issues: number }
  | { kind: 'action-done'; outcome: ActionOutcome }
  | { kind: 'pass-done'; pass: number; newPredicates: number };

export interface ConstructOptions {
  maxPasses?: number;
  maxFeedbackRounds?: number;
  /** Starts from this dictionary (e.g. a previous run's). */
  predicates?: PredicateDef[];
  onEvent?: (e: ConstructEvent) => void;
  signal?: AbortSignal;
  temperature?: number;
}

export interface ConstructionResult {
  model: DomainModel;
  history: HistoryTurn[];
  /** One per action per pass. */
  outcomes: ActionOutcome[];
  passes: number;
  usage: TokenUsage;
  /** The final dialogue of each action (for review/correction in the same dialogue). */
  dialogues: Record<string, ChatMessage[]>;
}

/** Runs one action's dialogue: the first answer and up to `maxRounds` feedback rounds. */
export async function constructAction(
  client: LlmClient,
  spec: DomainSpec,
  actionIndex: number,
  predicates: readonly PredicateDef[],
  pass: number,
  options: { maxFeedbackRounds?: number; signal?: AbortSignal; temperature?: number; messages?: ChatMessage[]; review?: boolean; onTurn?: (t: HistoryTurn) => void } = {},
): Promise<{ action: ActionModel; accepted: PredicateDef[]; issues: Issue[]; rounds: number; messages: ChatMessage[]; usage: TokenUsage }> {
  const action = spec.actions[actionIndex];
  const context = { name: spec.name, types: spec.types, requirements: spec.requirements, predicates: [...predicates] };
  const names = { name: action.name, pddlName: actionSlug(action.name) };
  const vars: ActionModelVars = { domain: spec.name, action: action.name, pass, predicates: [...predicates], review: options.review };
  const r = await ask(
    client,
    {
      kind: ACTION_MODEL_KIND,
      messages: options.messages ?? actionModelMessages(spec, action, predicates),
      temperature: options.temperature,
      read: (text) => checkAnswer(parseActionAnswer(text), names, context),
      check: (c) => c.issues.map((i) => i.message),
    },
    {
      repairs: options.maxFeedbackRounds ?? 8,
      exhausted: 'return',
      signal: options.signal,
      roundVars: (round) => ({ ...vars, round }),
      repairPrompt: (problems) => feedbackText(problems),
      onTurn: (t) =>
        options.onTurn?.({
          kind: ACTION_MODEL_KIND,
          pass,
          action: action.name,
          round: t.attempt,
          prompt: t.prompt,
          answer: t.raw,
          issues: (t.value?.issues ?? []).map((i) => ({ category: i.category, message: i.message })),
          accepted: t.final,
        }),
    },
  );
  const check = r.value;
  return { action: check.action, accepted: check.accepted, issues: check.issues, rounds: r.attempts - 1, messages: r.transcript, usage: addUsage(ZERO_USAGE, r.usage) };
}

export async function constructDomain(spec: DomainSpec, client: LlmClient, options: ConstructOptions = {}): Promise<ConstructionResult> {
  const maxPasses = options.maxPasses ?? 3;
  const predicates: PredicateDef[] = [...(options.predicates ?? [])];
  const actions = new Map<string, ActionModel>();
  const history: HistoryTurn[] = [];
  const outcomes: ActionOutcome[] = [];
  const dialogues: Record<string, ChatMessage[]> = {};
  let usage = ZERO_USAGE;
  let passes = 0;
  for (let pass = 1; pass <= maxPasses; pass++) {
    passes = pass;
    let added = 0;
    for (let i = 0; i < spec.actions.length; i++) {
      const r = await constructAction(client, spec, i, predicates, pass, {
        maxFeedbackRounds: options.maxFeedbackRounds,
        signal: options.signal,
        temperature: options.temperature,
        onTurn: (t) => {
          history.push(t);
          options.onEvent?.({ kind: 'answer', pass, action: t.action, round: t.round, issues: t.issues.length });
        },
      });
      usage = addUsage(usage, r.usage);
      actions.set(spec.actions[i].name, r.action);
      dialogues[spec.actions[i].name] = r.messages;
      for (const p of r.accepted) {
        if (!predicates.some((q) => q.name === p.name)) {
          predicates.push(p);
          added++;
        }
      }
      const outcome: ActionOutcome = { action: spec.actions[i].name, pass, feedbackRounds: r.rounds, issues: r.issues, newPredicates: r.accepted.map((p) => p.name) };
      outcomes.push(outcome);
      options.onEvent?.({ kind: 'action-done', outcome });
    }
    options.onEvent?.({ kind: 'pass-done', pass, newPredicates: added });
    if (added === 0) break;
  }
  const model: DomainModel = {
    name: spec.name,
    types: spec.types,
    requirements: spec.requirements,
    predicates,
    actions: spec.actions.map((a) => actions.get(a.name)).filter((a): a is ActionModel => a !== undefined),
  };
  return { model, history, outcomes, passes, usage, dialogues };
}
