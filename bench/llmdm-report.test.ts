import { describe, expect, it } from 'vitest';
import { annotationReport } from './llmdm-report.js';
import { replayDialogues } from './llmdm-replay.js';

describe('LLM-DM on GPT-4 models (Guan et al. 2023 data)', () => {
  it('catches the annotated syntax errors of the household model and nothing else; corrected models pass and parse', () => {
    const counts = (['logistics', 'tyreworld', 'household'] as const).map((d) => {
      const r = annotationReport(d);
      expect(r.corrected.issues).toEqual([]);
      expect(r.corrected.parses).toBe(true);
      return [d, r.annotated, r.caught, r.issues.length, r.unlisted.length, r.strayParameterLines.length];
    });
    expect(counts).toEqual([
      ['logistics', 1, 0, 0, 0, 0],
      ['tyreworld', 6, 0, 0, 0, 0],
      ['household', 52, 3, 3, 0, 2],
    ]);
    const hh = annotationReport('household');
    expect(new Set(hh.issues.map((i) => `${i.category}: ${i.action}`))).toEqual(
      new Set([
        'unsupported-keyword: Put an Object on or in a Furniture Piece or an Appliance',
        'type-mismatch: Pick up an Object on or in a Small Receptacle',
        'type-mismatch: Heat Food with Pan',
      ]),
    );
    expect(hh.issues.find((i) => i.category === 'unsupported-keyword')?.message).toContain('`if`');
  });

  it('replays the recorded construction dialogues: our checks agree with every recorded verdict but one', async () => {
    const lg = await replayDialogues('logistics');
    expect([lg.agreement, lg.turns.length, lg.diverged]).toEqual([17, 17, []]);
    const ty = await replayDialogues('tyreworld');
    expect([ty.agreement, ty.turns.length, ty.diverged]).toEqual([26, 27, []]);
    // The one disagreement: the recording says "invalid object type `wrench`" for an answer that uses `tool`.
    const off = ty.turns.filter((t) => !t.agree);
    expect(off.map((t) => [t.pass, t.action, t.seed, t.ours])).toEqual([[2, 'Loosen a nut in a hub', 'invalid_object_type', 'accepted']]);
  });
});
