import { describe, expect, it } from 'vitest';
import { runCommand, scratchFiles } from '../../../test/cli-harness.js';
import { sharedPath } from '../../../test/shared-data.js';
import { register } from './household.js';

describe('groundplan household replay', () => {
  const files = scratchFiles('gp-household-replay-');
  const tasks = sharedPath('data', 'gavel-benchmark', 'tasks.json');
  it('prints the agreement with the recorded verdicts and every disagreement', async () => {
    const r = await runCommand([register], ['household', 'replay', sharedPath('data', 'gavel-benchmark', 'exp1-8b-gavel.json')]);
    expect(r.error).toBeUndefined();
    expect(r.out).toMatch(/exp1-8b-gavel\.json: Qwen\/Qwen3-8B, 100 tasks replayed/);
    expect(r.out).toMatch(/agreement +plain \d+\/100, sim_first\.ok \d+\/100, checked \d+\/100, simulated\.ok \d+\/100/);
    expect(r.out).toMatch(/disagreements \(\d+\):/);
  });
  it('--json: one row per task with our three verdicts; no recorded reason text', async () => {
    const r = await runCommand([register], ['household', 'replay', sharedPath('data', 'gavel-benchmark', 'exp1-8b-llmonly.json'), '--tasks', tasks, '--json']);
    const j = JSON.parse(r.out) as { rows: { id: string; first: { status: string }; repaired: { status: string }; final: { status: string } }[]; agree: Record<string, number>; disagreements: Record<string, unknown>[] };
    expect(j.rows).toHaveLength(100);
    expect(j.rows[0]).toMatchObject({ id: 'Beechwood_0_int-01', first: { status: 'ok' } });
    expect(j.agree.sim_first).toBeGreaterThanOrEqual(95);
    expect(j.disagreements.every((d) => !('recordedWhy' in d))).toBe(true);
  });
  it('a recording row naming an unknown task, or a bad field, is bad input (exit 2 via the error)', async () => {
    const rec = files.file('rec.json', JSON.stringify({ model: 'm', rows: [{ id: 'Nope-1', plain: 'ok', checked: 'ok', sim_first: { ok: true }, simulated: { ok: true }, predicted_goal: null, first_plan: [], final_plan: [] }] }));
    const r = await runCommand([register], ['household', 'replay', rec, '--tasks', tasks]);
    expect(String(r.error)).toMatch(/rows name task ids not in .*tasks\.json: Nope-1/);
    const bad = files.file('bad.json', JSON.stringify({ model: 'm', rows: [{ id: 'Rs_int-01', plain: 'maybe' }] }));
    expect(String((await runCommand([register], ['household', 'replay', bad, '--tasks', tasks])).error)).toMatch(/bad\.json: rows\[0\]\.\(Rs_int-01\)\.plain: expected one of/);
  });
});

describe('groundplan household tasks --from', () => {
  const files = scratchFiles('gp-household-from-');
  it("writes the paper's tasks kept under our primitives as task files, and names the dropped ones", async () => {
    const r = await runCommand([register], ['household', 'tasks', '--from', sharedPath('data', 'gavel-benchmark', 'tasks.json'), '--out', files.dir]);
    expect(r.error).toBeUndefined();
    expect(r.out).toMatch(/GAVEL paper benchmark: 95 of 100 tasks kept/);
    expect(r.out).toMatch(/dropped Benevolence_1_int-01: .*cooked\(casserole\)/);
    expect(r.out).toMatch(/wrote 95 task files/);
  });
});
