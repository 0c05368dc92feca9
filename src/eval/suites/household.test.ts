import { describe, expect, it } from 'vitest';
import { bundledDataDir } from '../../envs/household/data.js';
import { eaiTasks, generateMultiTasks, householdDataDir, loadBehaviorData } from '../../envs/household/index.js';
import type { EpisodeSpec, TraceRecord } from '../types.js';
import { householdSuites } from './index.js';

const [single, multi, paper] = householdSuites;

function spec(suite: string, task: string, method: string, seed = 1): EpisodeSpec {
  return { suite, task, level: '', method, model: 'synthetic', seed, config: { rsn: 'prior' } };
}

describe('household suites', () => {
  it('list stable task ids: the first k do not depend on n', () => {
    const a = multi.tasks({ n: 3 });
    const b = multi.tasks({ n: 6 });
    expect(b.slice(0, 3)).toEqual(a);
    expect(a[0].id).toBe('s1-0');
    expect(Number(a[0].level)).toBeGreaterThanOrEqual(2);
    const s = single.tasks({ n: 4 });
    expect(s).toHaveLength(4);
    expect(s[0].id.startsWith('eai/')).toBe(true);
  });

  it('run an episode with the trace in the eval format, deterministic per seed', async () => {
    const records: TraceRecord[] = [];
    const out = await multi.run(spec('household:multi', 's1-1', 'gavel'), { trace: (r) => records.push(r) });
    expect(records[0].type).toBe('episode');
    expect(records.some((r) => r.type === 'step')).toBe(true);
    expect(out.llm.calls).toBeGreaterThanOrEqual(3);
    expect(out.metrics.distance).toBeGreaterThan(0);
    expect(out.modelDescription).toContain('gavel.fixProb');
    const again = await multi.run(spec('household:multi', 's1-1', 'gavel'), { trace: () => undefined });
    expect(again.metrics).toEqual(out.metrics);
    expect(again.success).toBe(out.success);
  });

  it('the oracle succeeds without LLM calls; bad ids and methods are spec errors', async () => {
    const o = await multi.run(spec('household:multi', 's1-2', 'oracle'), { trace: () => undefined });
    expect(o.success).toBe(true);
    expect(o.llm.calls).toBe(0);
    await expect(multi.run(spec('household:multi', 'x-2', 'gavel'), { trace: () => undefined })).rejects.toThrow(/spec\.task/);
    await expect(multi.run(spec('household:multi', 's1-2', 'react'), { trace: () => undefined })).rejects.toThrow(/unknown method 'react'/);
  });

  it("household:paper: the paper's own tasks whose reference plan verifies under our semantics, run like household:single", async () => {
    const all = paper.tasks({});
    expect(all).toHaveLength(95);
    expect(all[0]).toEqual({ id: 'paper/Beechwood_0_int-01', level: 'single' });
    const o = await paper.run(spec('household:paper', 'paper/Rs_int-03', 'oracle'), { trace: () => undefined });
    expect(o.success).toBe(true);
    const g = await paper.run(spec('household:paper', 'paper/Rs_int-03', 'gavel'), { trace: () => undefined });
    expect(g.llm.calls).toBeGreaterThanOrEqual(1);
    await expect(paper.run(spec('household:paper', 'paper/Nope-1', 'gavel'), { trace: () => undefined })).rejects.toThrow(/no task 'paper\/Nope-1' of the paper's benchmark/);
  });

  it('the bundled compact data (data/household) gives the same tasks as the full data folder', () => {
    const bundled = bundledDataDir();
    expect(bundled.endsWith('data/household')).toBe(true);
    expect(eaiTasks(bundled).tasks.map((t) => t.id)).toEqual(eaiTasks(householdDataDir()).tasks.map((t) => t.id));
    const a = generateMultiTasks(loadBehaviorData(bundled), { count: 6, seed: 9 });
    const b = generateMultiTasks(loadBehaviorData(householdDataDir()), { count: 6, seed: 9 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
