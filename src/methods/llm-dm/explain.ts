/**
 * The LLM translation of an action model into plain words (kind
 * `llmdm.explain`, Guan et al. 2023 §4.2 and A.4); the deterministic template
 * rendering is src/pddl/described/explain.ts.
 */
import { ask } from '../../llm/ask.js';
import type { ChatMessage, LlmClient } from '../../llm/types.js';
import type { ActionModel } from '../../pddl/described/model.js';
import { predicateListText, type PredicateDef } from '../../pddl/described/predicates.js';

export const EXPLAIN_KIND = 'llmdm.explain';

export interface ExplainVars {
  action: ActionModel;
  predicates: PredicateDef[];
}

export function explainMessages(a: ActionModel, predicates: readonly PredicateDef[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You translate PDDL action models into plain English for a person who does not read PDDL. Use the predicate descriptions. List the parameters, then each precondition and each effect on its own line ("- ..."); say "no longer" for deleted facts. Do not add or drop conditions.',
    },
    {
      role: 'user',
      content: `Predicates:\n${predicateListText(predicates)}\n\nAction: ${a.name}\nParameters: ${a.parameters.map((p) => `${p.name} - ${p.type}`).join(', ')}\nPreconditions:\n\`\`\`\n${a.preconditions}\n\`\`\`\nEffects:\n\`\`\`\n${a.effects}\n\`\`\`\n\nPlain-language translation:`,
    },
  ];
}

/** The LLM rendering of one action (free text). */
export async function explainActionWithLlm(client: LlmClient, a: ActionModel, predicates: readonly PredicateDef[]): Promise<string> {
  const vars: ExplainVars = { action: a, predicates: [...predicates] };
  const r = await ask(client, { kind: EXPLAIN_KIND, messages: explainMessages(a, predicates), vars, read: (text) => text.trim() }, { repairs: 0 });
  return r.value;
}
