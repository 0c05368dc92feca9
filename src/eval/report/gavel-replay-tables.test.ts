import { describe, expect, it } from 'vitest';
import { replayAgreement, replayTableI } from './gavel-replay-tables.js';

const file = (recording: string, ours: [number, number, number], simulated: number): string =>
  JSON.stringify({ recording, model: 'Qwen/Qwen3-8B', tasks: 100, counts: { ours: { first: ours[0], repaired: ours[1], final: ours[2] }, recorded: { plain: 43, sim_first: 43, checked: simulated, simulated } }, agree: { plain: 99, sim_first: 99, checked: 98, simulated: 97 }, disagreements: [{ column: 'plain', id: 'B-2' }, { column: 'checked', id: 'A-1' }], rows: [] });

describe('the replay tables', () => {
  const texts = [file('l.json', [42, 76, 42], 43), file('f.json', [42, 76, 74], 77), file('g.json', [42, 76, 92], 92)];
  it('Table I: llm-only and gavel-basic from the first plans, sayplan and gavel from the finals, beside the paper', () => {
    const t = replayTableI(texts);
    expect(t).toContain('| llm-only | the first plans, replayed | 42.0 | 43.0 | 41.2 |');
    expect(t).toContain('| gavel-basic | the first plans + our graph repair (one proposal) | 76.0 | - | 76.2 |');
    expect(t).toContain('| sayplan (feedback) | the recorded final plans, replayed | 74.0 | 77.0 | 76.4 |');
    expect(t).toMatch(/One recorded Qwen\/Qwen3-8B run per method .* five-seed mean.*not the paper's metres/);
  });
  it('agreement lists the tasks with a disagreement, sorted', () => {
    expect(replayAgreement(texts)).toContain('| l.json | 99/100 | 99/100 | 98/100 | 97/100 | A-1, B-2 |');
  });
  it('a file that is not replay output is named', () => {
    expect(() => replayTableI(['{"rows": []}', texts[1], texts[2]])).toThrow(/gavel-replay\/exp1-8b-llmonly\.json: not the --json output of groundplan household replay/);
  });
});
