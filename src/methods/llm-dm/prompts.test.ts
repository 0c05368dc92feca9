/** LLM-DM's system prompt: its worked examples are answers our own parser reads without a problem. */
import { describe, expect, it } from 'vitest';
import { parsePredicateList } from '../../pddl/described/predicates.js';
import { parseActionAnswer } from './answer-format.js';
import { ACTION_MODEL_SYSTEM } from './prompts.js';

describe('ACTION_MODEL_SYSTEM', () => {
  const examples = ACTION_MODEL_SYSTEM.split('\n\nExample action: ').slice(1);

  it('shows two worked examples, each answer in the format parseActionAnswer reads', () => {
    expect(examples).toHaveLength(2);
    const answers = examples.map((e) => parseActionAnswer(e.slice(e.indexOf('Parameters:'))));
    for (const a of answers) expect(a.problems).toEqual([]);
    expect(answers.map((a) => [a.parameters.length, a.newPredicates.length])).toEqual([
      [2, 4],
      [2, 0],
    ]);
  });

  it("the second example's existing predicates are the ones the first defined", () => {
    const first = parseActionAnswer(examples[0].slice(examples[0].indexOf('Parameters:')));
    const existing = examples[1].slice(examples[1].indexOf('Existing predicates:\n') + 'Existing predicates:\n'.length, examples[1].indexOf('\n\nParameters:'));
    expect(parsePredicateList(existing).defs).toEqual(first.newPredicates);
    expect(examples[0]).toContain('Existing predicates:\nNo predicate has been defined yet\n');
  });
});
