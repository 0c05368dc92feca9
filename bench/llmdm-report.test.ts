import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotationReport } from './llmdm-report.js';
import { replayDialogues } from './llmdm-replay.js';
import { logisticsPlanning, syntheticConstruction } from './llmdm-e2e.js';
import { dialogueFiles, domainSpec, LLMDM_DIR, LLMDM_DOMAINS, rawModel, readJson, requireLlmdmData, type LlmdmDomain } from './llmdm-data.js';

requireLlmdmData();

// The expectations below are read from the data files themselves (not from our code): the experts'
// annotations, the recorded dialogues and the IPC instruction file.
const annotationFile = (d: LlmdmDomain): string => join(LLMDM_DIR, 'results', d, 'model_blocksworld', 'gpt-4_pddl_for_annotations.json');
const expertAnnotations = (d: LlmdmDomain): { action: string; text: string }[] =>
  Object.entries(readJson(annotationFile(d)) as Record<string, { annotation?: string[] }>).flatMap(([action, v]) => (v.annotation ?? []).filter((t) => t.trim() !== '').map((text) => ({ action, text })));
/** The annotations in which the experts themselves call the error a syntax error (or an illegal keyword): what automatic checks can catch. */
const expertSyntaxErrors = (d: LlmdmDomain) => expertAnnotations(d).filter((a) => /syntax error|keyword/i.test(a.text));
/** Model turns in the recorded construction dialogues (`iter_N` entries over all passes and actions). */
const recordedTurns = (d: LlmdmDomain): number =>
  dialogueFiles(d)
    .map((f) => readJson(f) as Record<string, Record<string, unknown>>)
    .reduce((n, pass) => n + Object.values(pass).reduce((m, entry) => m + Object.keys(entry).filter((k) => /^iter_\d+$/.test(k)).length, 0), 0);
const logisticsDir = join(LLMDM_DIR, 'experiments', 'planning_tasks', 'raw_pddl_problems', 'logistics');
const ipcInstructions = readJson(join(logisticsDir, 'instructions.json')) as Record<string, string[]>;
const instructionCount = Object.values(ipcInstructions).reduce((n, xs) => n + xs.length, 0);

describe('LLM-DM on GPT-4 models (Guan et al. 2023 data)', () => {
  it('catches exactly the errors the experts call syntax errors, and nothing else; corrected models pass and parse', () => {
    for (const d of LLMDM_DOMAINS) {
      const r = annotationReport(d);
      expect(r.corrected.issues).toEqual([]);
      expect(r.corrected.parses).toBe(true);
      expect(r.annotated).toBe(expertAnnotations(d).length);
      const syntax = expertSyntaxErrors(d);
      expect(r.caught).toBe(syntax.length);
      expect(r.issues.map((i) => i.action).sort()).toEqual(syntax.map((a) => a.action).sort());
      expect(r.unlisted).toEqual([]);
    }
    // §5.1 of the seed: three of GPT-4's errors were syntax errors; the annotation files agree.
    expect(LLMDM_DOMAINS.map((d) => expertSyntaxErrors(d).length)).toEqual([0, 0, 3]);
    const hh = annotationReport('household');
    expect(new Set(hh.issues.map((i) => `${i.category}: ${i.action}`))).toEqual(
      new Set([
        'unsupported-keyword: Put an Object on or in a Furniture Piece or an Appliance',
        'type-mismatch: Pick up an Object on or in a Small Receptacle',
        'type-mismatch: Heat Food with Pan',
      ]),
    );
    expect(hh.issues.find((i) => i.category === 'unsupported-keyword')?.message).toContain('`if`');
    // Read off gpt-4_pddl.json by hand: GPT-4 left two non-parameter lines in one parameter list.
    expect(hh.strayParameterLines).toEqual([
      { action: 'Pick up an Object on or in a Small Receptacle', line: 'Since the predicates are already defined, I will remove them from the "New Predicates" section.' },
      { action: 'Pick up an Object on or in a Small Receptacle', line: 'arameters:' },
    ]);
  });

  it('replays the recorded construction dialogues: our checks agree with every recorded verdict but one', async () => {
    const lg = await replayDialogues('logistics');
    expect([lg.turns.length, lg.agreement, lg.diverged]).toEqual([recordedTurns('logistics'), recordedTurns('logistics'), []]);
    const ty = await replayDialogues('tyreworld');
    // The one disagreement, checked by hand in gpt-4_0_1.json: the recording says "invalid object
    // type `wrench`" for an answer that uses `tool`. We accept that answer, so the recorded repair
    // turn after it is never asked: one turn fewer than recorded.
    expect([ty.turns.length, ty.diverged]).toEqual([recordedTurns('tyreworld') - 1, []]);
    const off = ty.turns.filter((t) => !t.agree);
    expect(off.map((t) => [t.pass, t.action, t.seed, t.ours])).toEqual([[2, 'Loosen a nut in a hub', 'invalid_object_type', 'accepted']]);
    expect(ty.agreement).toBe(ty.turns.length - 1);
  });

  it('synthetic LLM (default knobs, seed 1): logistics construction, review and the IPC logistics instructions', async () => {
    const actions = domainSpec('logistics').actions.length;
    const c = await syntheticConstruction('logistics', 1, '');
    // Review with the gold model's corrections makes every action exact, correcting exactly the inexact ones.
    expect(c.reviewed.exact).toBe(actions);
    expect(c.reviewed.corrected).toBe(actions - c.exact);
    expect(c.unresolved).toBe(0);
    // The seeded run's own counts (synthetic LLM, seed 1), recorded before the episode-layer refactor
    // in test/fixtures/episode-baseline/llmdm.txt (section 3): a change means the synthetic stream
    // or the construction loop changed.
    expect([c.passes, c.feedbackRounds, c.exact]).toEqual([2, 8, 5]);
    const rows = await logisticsPlanning(c.reviewedModel, '', 1);
    expect(rows).toHaveLength(instructionCount);
    expect(new Set(rows.map((r) => r.instance))).toEqual(new Set(Object.keys(ipcInstructions)));
    const translated = rows.filter((r) => r.translated);
    // With the reviewed (gold-equal) model every translated task is solved with a plan valid in the IPC domain.
    expect(translated.every((r) => r.plannerValidIpc)).toBe(true);
    expect(rows.filter((r) => r.llmPlannerValidIpc).every((r) => r.translated)).toBe(true);
    // seeded counts, as in the fixture above
    expect([translated.length, rows.filter((r) => r.llmPlannerValidIpc).length]).toEqual([18, 18]);
  });

  it("GPT-4's own logistics model plans every IPC instruction validly when the translation is exact", async () => {
    const rows = await logisticsPlanning(rawModel('logistics').model, 'llmdm.goalErrorRate=0', 1, { llmPlanner: false });
    expect(rows).toHaveLength(instructionCount);
    expect(rows.filter((r) => r.plannerValidIpc)).toHaveLength(instructionCount);
  });
});
