/**
 * Removes the operators no reachable state can apply: those with an
 * unreachable precondition or two mutex preconditions by h^2
 * (`h2-mutexes.ts`). Fast Downward's translator drops operators whose
 * preconditions violate its invariants for the same reason: the search never
 * applies them, but the delete relaxation does, and they make h_FF, the
 * landmarks and their orders weaker. The same analysis proves a task
 * unsolvable when a goal fact is unreachable or two goal facts are mutex.
 */
import { CompiledTask } from './compiled-task.js';
import { h2MutexesOf, shareMutexes, type MutexPairs } from './h2-mutexes.js';

export type Pruned =
  | { kind: 'unchanged' }
  | { kind: 'unsolvable'; reason: string }
  /** `kept[i]`: the original id of the smaller task's operator i. */
  | { kind: 'pruned'; task: CompiledTask; kept: Int32Array; removed: number };

function deadOperator(task: CompiledTask, m: MutexPairs, op: number): boolean {
  const s = task.preStart[op];
  const e = task.preStart[op + 1];
  for (let i = s; i < e; i++) {
    const p = task.pre[i];
    if (!m.reachable(p)) return true;
    for (let j = i + 1; j < e; j++) if (m.mutex(p, task.pre[j])) return true;
  }
  return false;
}

export function pruneUnreachableOperators(task: CompiledTask): Pruned {
  const m = h2MutexesOf(task);
  if (!m) return { kind: 'unchanged' };
  const goals = task.task.goalPos;
  const name = (f: number): string => task.task.facts[f];
  for (let i = 0; i < goals.length; i++) {
    if (!m.reachable(goals[i])) return { kind: 'unsolvable', reason: `goal ${name(goals[i])} is unreachable` };
    for (let j = i + 1; j < goals.length; j++) {
      if (m.mutex(goals[i], goals[j])) return { kind: 'unsolvable', reason: `goals ${name(goals[i])} and ${name(goals[j])} are mutex` };
    }
  }
  const kept: number[] = [];
  for (let op = 0; op < task.numOps; op++) if (!deadOperator(task, m, op)) kept.push(op);
  if (kept.length === task.numOps) return { kind: 'unchanged' };
  const operators = kept.map((op) => task.task.operators[op]);
  const smaller = new CompiledTask({ ...task.task, operators });
  // the removed operators never fire in h^2 either, so the smaller task has the same mutexes
  shareMutexes(smaller, m);
  return { kind: 'pruned', task: smaller, kept: Int32Array.from(kept), removed: task.numOps - kept.length };
}
