/**
 * Graph-edit planning, the mechanism of the EPoG baseline (GAVEL §V-C: "derives
 * actions from the difference between the believed and goal graphs"). For
 * each goal literal that does not hold in the believed graph G_t, the edit
 * that makes it hold is emitted as its primitive sequence:
 *
 * - a relation edit (`on_top`, `object_inside`, `next_to`, `room_inside`) moves
 *   the object: open whatever closed container encloses it, approach, grasp,
 *   approach the destination (opening it if it is a closed container), place;
 * - a flag edit `open` / `toggled` (or its negation) is the one primitive that
 *   sets that node attribute, `holding` is a grasp;
 * - the goal graph keeps every other attribute of G_t, so containers the
 *   edits opened are closed again (that is an edit too).
 *
 * Semantic states (`cooked`, `washed`, `dried`) and `under` are not node or
 * edge edits any primitive makes: running an appliance is a procedure, not a
 * graph difference. Those literals are reported in `unreachable` and no step
 * is emitted for them, which is exactly where EPoG fails in the seed.
 */
import { closedEnclosure, literalHolds, type Goal, type GoalLiteral, type PlanStep, type Scene, type WorldState } from '../../../scenegraph/index.js';

export interface GraphEditPlan {
  plan: PlanStep[];
  /** Literals no graph edit achieves (semantic states, `under`). */
  unreachable: GoalLiteral[];
}

const step = (action: string, ...args: string[]): PlanStep => ({ action, args });

/** The primitive sequence of the edits from the believed state `state` of `scene` to the goal graph. */
export function graphEditPlan(scene: Scene, goal: Goal, state: WorldState = scene.initialState()): GraphEditPlan {
  const s = state.clone();
  const plan: PlanStep[] = [];
  const unreachable: GoalLiteral[] = [];
  /** Containers the edits opened (closed again at the end: the goal graph keeps their state). */
  const opened: string[] = [];
  const ctx = { scene, state: s };
  const emit = (p: PlanStep): void => {
    plan.push(p);
    const [a, b] = p.args;
    switch (p.action) {
      case 'Open':
        s.setFlag(a, 'open', true);
        if (!opened.includes(a)) opened.push(a);
        break;
      case 'Close':
        s.setFlag(a, 'open', false);
        break;
      case 'ToggleOn':
      case 'ToggleOff':
        s.setFlag(a, 'toggled', p.action === 'ToggleOn');
        break;
      case 'Grasp':
        s.detach(a);
        s.robot.holding = a;
        break;
      case 'PlaceOnTop':
      case 'PlaceInside':
        s.robot.holding = null;
        s.add(p.action === 'PlaceOnTop' ? 'on_top' : 'object_inside', a, b);
        break;
      case 'Release':
        s.robot.holding = null;
        break;
    }
  };
  const freeHand = (): void => {
    const h = s.robot.holding;
    if (h) emit(step('Release', h));
  };
  const openEnclosures = (o: string): void => {
    for (let c = closedEnclosure(ctx, o), guard = 0; c !== undefined && guard < 8; c = closedEnclosure(ctx, o), guard++) {
      emit(step('NavigateTo', c));
      emit(step('Open', c));
    }
  };
  const pick = (o: string): void => {
    if (s.robot.holding === o) return;
    freeHand();
    openEnclosures(o);
    emit(step('NavigateTo', o));
    emit(step('Grasp', o));
  };
  const move = (o: string, place: (() => void) | undefined, dest?: string): void => {
    pick(o);
    if (dest !== undefined && !scene.isRoom(dest)) openEnclosures(dest);
    if (dest !== undefined) emit(step('NavigateTo', dest));
    place?.();
  };
  const flag = (x: string, action: string): void => {
    freeHand();
    openEnclosures(x);
    emit(step('NavigateTo', x));
    emit(step(action, x));
  };
  for (const l of goal.literals) {
    if (literalHolds(s, l)) continue;
    switch (l.kind) {
      case 'relation':
        if (l.negated) {
          // moving the object off its support is a grasp-and-release elsewhere
          move(l.a, () => emit(step('Release', l.a)));
        } else if (l.rel === 'on_top') move(l.a, () => emit(step('PlaceOnTop', l.a, l.b)), l.b);
        else if (l.rel === 'object_inside') {
          // the destination must be open to receive the object: open it first, with a free hand
          if (scene.affords(l.b, 'openable') && !s.flag(l.b, 'open')) flag(l.b, 'Open');
          move(l.a, () => emit(step('PlaceInside', l.a, l.b)), l.b);
        } else if (l.rel === 'next_to') move(l.a, () => emit(step('Release', l.a)), l.b);
        else unreachable.push(l);
        break;
      case 'room':
        if (l.negated) unreachable.push(l);
        else move(l.object, () => emit(step('Release', l.object)), l.room);
        break;
      case 'holding':
        if (l.negated) freeHand();
        else pick(l.object);
        break;
      case 'flag':
        if (l.flag === 'open') flag(l.object, l.negated ? 'Close' : 'Open');
        else if (l.flag === 'toggled') flag(l.object, l.negated ? 'ToggleOff' : 'ToggleOn');
        else unreachable.push(l);
        break;
    }
  }
  const wantsOpen = (c: string): boolean => goal.literals.some((l) => l.kind === 'flag' && l.flag === 'open' && l.object === c && !l.negated);
  for (const c of opened) {
    if (!s.flag(c, 'open') || wantsOpen(c)) continue;
    if (s.robot.holding && !goal.literals.some((l) => l.kind === 'holding' && l.object === s.robot.holding)) freeHand();
    emit(step('NavigateTo', c));
    emit(step('Close', c));
  }
  return { plan, unreachable };
}
