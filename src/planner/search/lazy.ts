/**
 * Lazy best-first search (Fast Downward's lazy_search; deferred evaluation,
 * Richter & Helmert 2009): open entries are (parent, operator) pairs keyed by
 * the parent's heuristic values, preferred operators first; a successor is
 * generated and evaluated only when its entry is taken from the open lists.
 */
import type { SearchCore } from './core.js';
import type { SearchResult } from './result.js';
import { CLOSED, DEAD, NEW } from './state-data.js';

export function lazySearch(core: SearchCore, init: number): SearchResult {
  const { task, successors, reg, data, stats, open, parentBuf, childBuf, applicableOps, adjCost, bound, usePref } = core;
  const reopen = core.config.reopen;
  const tracking = core.tracked.length > 0;
  let current = init;
  let currentG = 0;
  let currentRealG = 0;
  let currentParent = -1;
  let currentOp = -1;
  const ordered: number[] = [];
  let first = true;
  for (;;) {
    const stop = core.poll(4);
    if (stop) return stop;
    // Decide whether the current state is expanded: the initial state always; a new one when not a dead end; a closed one when reopened on a cheaper path.
    let expand = false;
    if (first) {
      first = false;
      expand = true;
      reg.copy(current, parentBuf);
    } else {
      const st = data.status[current];
      if (st === NEW) {
        reg.copy(current, parentBuf);
        data.g[current] = currentG;
        data.realG[current] = currentRealG;
        if (!core.evaluate(current, parentBuf)) {
          data.status[current] = DEAD;
          stats.deadEnds++;
        } else expand = true;
      } else if (st === CLOSED && reopen && data.improves(current, currentG, currentRealG)) {
        reg.copy(current, parentBuf);
        core.setPath(current, currentG, currentRealG, currentParent, currentOp);
        stats.reopened++;
        expand = true;
      }
    }
    if (expand) {
      data.status[current] = CLOSED;
      if (task.isGoal(parentBuf)) return core.solved(current);
      stats.expansions++;
      core.markPreferred(current);
      const numApplicable = successors.applicable(parentBuf, applicableOps);
      const g = data.g[current];
      const rg = data.realG[current];
      // `ordered[0..numApplicable)`: preferred operators first (reused, never shrunk)
      let k = 0;
      if (usePref) {
        for (let i = 0; i < numApplicable; i++) if (core.isPreferred(applicableOps[i])) ordered[k++] = applicableOps[i];
        for (let i = 0; i < numApplicable; i++) if (!core.isPreferred(applicableOps[i])) ordered[k++] = applicableOps[i];
      } else for (let i = 0; i < numApplicable; i++) ordered[k++] = applicableOps[i];
      for (let i = 0; i < numApplicable; i++) {
        const op = ordered[i];
        if (rg + task.cost[op] >= bound) {
          core.pruned = true;
          continue;
        }
        stats.generated++;
        core.pushEntry(g + adjCost[op], current, core.isPreferred(op), current, op);
      }
    }
    // Fetch the next (parent, op) whose successor is worth looking at.
    for (;;) {
      const list = open.pop();
      if (!list) return core.exhausted();
      const parent = list.poppedA;
      const op = list.poppedB;
      reg.copy(parent, parentBuf);
      task.apply(parentBuf, op, childBuf);
      const before = reg.size;
      const cid = reg.insert(childBuf, parent, op);
      const childG = data.g[parent] + adjCost[op];
      const childRealG = data.realG[parent] + task.cost[op];
      if (cid === before) {
        data.ensure(cid);
        data.status[cid] = NEW;
        if (tracking) core.notify(parent, op, cid, childBuf);
      } else {
        const st = data.status[cid];
        if (st === DEAD) continue;
        if (st === CLOSED) {
          if (!reopen) continue;
          if (!data.improves(cid, childG, childRealG)) continue;
        }
        // As Fast Downward's lazy search: path-dependent heuristics hear of new and reopened states only.
        if (tracking) core.notify(parent, op, cid, childBuf);
      }
      current = cid;
      currentG = childG;
      currentRealG = childRealG;
      currentParent = parent;
      currentOp = op;
      break;
    }
  }
}
