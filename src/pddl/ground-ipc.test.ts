import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../test/shared-data.js';
import { ground } from './ground.js';
import { parseDomain } from './parse-domain.js';
import { parseProblem } from './parse-problem.js';

// fails naming the folder when ../shared is missing (never a skip)
const ipcIndex = sharedPath('data', 'ipc', 'INDEX.tsv');
const ipc = sharedPath('data', 'ipc');
const eai = sharedPath('data', 'eai-behavior');

function groundFiles(domainPath: string, problemPath: string): ReturnType<typeof ground> {
  const d = parseDomain(readFileSync(domainPath, 'utf8'), domainPath);
  return ground(d, parseProblem(readFileSync(problemPath, 'utf8'), d, problemPath));
}

describe('ground: IPC smallest instances', () => {
  const rows = readFileSync(ipcIndex, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((r) => r[4] === '0');
  it.each(rows.map((r) => [r[0], r[2], r[3]]))('%s', (_name, problem, domain) => {
    const r = groundFiles(join(ipc, domain), join(ipc, problem));
    expect(r.stats.unreachableGoals).toEqual([]);
    expect(r.task.operators.length).toBeGreaterThan(0);
    expect(r.task.goalPos.length + r.task.goalNeg.length).toBeGreaterThan(0);
    let maxFact = -1;
    let unlifted = 0;
    for (const op of r.task.operators) {
      if (!op.lifted) unlifted++;
      for (const f of op.pre) maxFact = Math.max(maxFact, f);
      for (const f of op.add) maxFact = Math.max(maxFact, f);
      for (const f of op.del) maxFact = Math.max(maxFact, f);
    }
    expect(unlifted).toBe(0);
    expect(maxFact).toBeLessThan(r.task.facts.length);
  });

  it('gripper prob01 has the textbook size (4 balls: 20 facts, 34 useful operators)', () => {
    const r = groundFiles(join(ipc, 'gripper', 'domain.pddl'), join(ipc, 'gripper', 'prob01.pddl'));
    expect(r.stats.facts).toBe(20);
    // 2 moves between the rooms (self-moves change nothing) + 4 balls × 2 rooms × 2 grippers × (pick, drop)
    expect(r.stats.operators).toBe(2 + 32);
  });
});

describe('ground: household (BEHAVIOR) ADL problems', () => {
  const files = readdirSync(sharedPath('data', 'eai-behavior', 'problems'))
    .filter((f) => f.endsWith('.pddl'))
    .sort()
    .slice(0, 10);
  it.each(files)('%s', (file) => {
    const r = groundFiles(join(eai, 'behavior.pddl'), join(eai, 'problems', file));
    expect(r.task.operators.length).toBeGreaterThan(0);
    // grasp's (not (exists ...)) becomes one operator per object with disjunctive clauses
    const grasps = r.task.operators.filter((o) => o.lifted?.action === 'grasp');
    expect(grasps.length).toBeGreaterThan(0);
    // navigate_to keeps its forall/when as conditional effects
    const nav = r.task.operators.find((o) => o.lifted?.action === 'navigate_to');
    expect(nav?.conditional.length).toBeGreaterThan(0);
  });
});
