/**
 * Eager best-first search (Fast Downward's eager_search): successors are
 * evaluated when generated and enter the open lists with their own
 * heuristic values; a cheaper path to an open state updates it, to a closed
 * state reopens it when the configuration says so (A*, weighted A*).
 */
import type { SearchCore } from './core.js';
import type { SearchResult } from './result.js';
import { CLOSED, DEAD, OPEN } from './state-data.js';

export function eagerSearch(core: SearchCore, init: number): SearchResult {
  const { task, successors, reg, data, stats, open, parentBuf, childBuf, applicableOps, adjCost, bound, usePref } = core;
  const reopen = core.config.reopen;
  const tracking = core.tracked.length > 0;
  data.status[init] = OPEN;
  core.pushEntry(0, init, usePref, init, 0);
  for (;;) {
    const stop = core.poll(1);
    if (stop) return stop;
    const list = open.pop();
    if (!list) break;
    const id = list.poppedA;
    if (data.status[id] !== OPEN) continue;
    data.status[id] = CLOSED;
    reg.copy(id, parentBuf);
    if (task.isGoal(parentBuf)) return core.solved(id);
    stats.expansions++;
    core.markPreferred(id);
    const g = data.g[id];
    const rg = data.realG[id];
    const numApplicable = successors.applicable(parentBuf, applicableOps);
    for (let i = 0; i < numApplicable; i++) {
      const op = applicableOps[i];
      const childRealG = rg + task.cost[op];
      if (childRealG >= bound) {
        core.pruned = true;
        continue;
      }
      stats.generated++;
      task.apply(parentBuf, op, childBuf);
      const before = reg.size;
      const cid = reg.insert(childBuf, id, op);
      const childG = g + adjCost[op];
      if (cid === before) {
        data.ensure(cid);
        data.g[cid] = childG;
        data.realG[cid] = childRealG;
        if (tracking) core.notify(id, op, cid, childBuf);
        const alive = core.evaluate(cid, childBuf);
        // Evaluations dominate the cost: poll the budget inside wide expansions too.
        const stopInside = core.poll(4);
        if (stopInside) return stopInside;
        if (!alive) {
          data.status[cid] = DEAD;
          stats.deadEnds++;
          continue;
        }
        data.status[cid] = OPEN;
        core.pushEntry(childG, cid, core.isPreferred(op), cid, 0);
      } else {
        const st = data.status[cid];
        if (st === DEAD) continue;
        if (tracking) core.notify(id, op, cid, childBuf);
        if (data.improves(cid, childG, childRealG)) {
          if (st === CLOSED) {
            if (!reopen) continue;
            stats.reopened++;
          }
          core.setPath(cid, childG, childRealG, id, op);
          data.status[cid] = OPEN;
          core.pushEntry(childG, cid, core.isPreferred(op), cid, 0);
        }
      }
    }
  }
  return core.exhausted();
}
