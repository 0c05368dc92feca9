/**
 * Plain-English instruction text from a partial-graph goal (object ids are
 * turned into "the peach", "the second jar" is left as its id suffix).
 */
import type { Goal, GoalLiteral } from '../../scenegraph/index.js';

/** `peach_n_03_1` → `peach 1`; `fridge_0` → `fridge 0`. */
export function objectPhrase(id: string): string {
  return id.replace(/_n_\d+_(\d+)$/, ' $1').replace(/_(\d+)$/, ' $1').replace(/_+/g, ' ');
}

export function describeLiteral(l: GoalLiteral): string {
  const n = l.negated;
  switch (l.kind) {
    case 'relation': {
      const a = objectPhrase(l.a);
      const b = objectPhrase(l.b);
      if (l.rel === 'object_inside') return n ? `take the ${a} out of the ${b}` : `put the ${a} inside the ${b}`;
      if (l.rel === 'on_top') return n ? `take the ${a} off the ${b}` : `put the ${a} on the ${b}`;
      if (l.rel === 'under') return n ? `take the ${a} from under the ${b}` : `put the ${a} under the ${b}`;
      return n ? `move the ${a} away from the ${b}` : `put the ${a} next to the ${b}`;
    }
    case 'room':
      return n ? `take the ${objectPhrase(l.object)} out of the ${objectPhrase(l.room)}` : `leave the ${objectPhrase(l.object)} on the floor of the ${objectPhrase(l.room)}`;
    case 'flag': {
      const o = objectPhrase(l.object);
      const verbs: Record<string, [string, string]> = {
        open: [`open the ${o}`, `make sure the ${o} is closed`],
        toggled: [`switch on the ${o}`, `make sure the ${o} is off`],
        cooked: [`cook the ${o}`, `keep the ${o} raw`],
        washed: [`wash the ${o}`, `leave the ${o} unwashed`],
        dried: [`dry the ${o}`, `leave the ${o} undried`],
      };
      return verbs[l.flag][n ? 1 : 0];
    }
    case 'holding':
      return n ? `do not keep the ${objectPhrase(l.object)} in hand` : `hold the ${objectPhrase(l.object)}`;
  }
}

export function describeGoal(goal: Goal): string {
  const parts = goal.literals.map(describeLiteral);
  if (parts.length === 0) return 'nothing to do.';
  return `${parts.join('; ')}.`;
}
