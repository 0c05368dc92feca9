/**
 * The built-in rollout policy as JavaScript source for the sandbox: the same
 * decisions as `nearestTargetId` in `../rollout-policy.ts` (the one
 * definition, which DESPOT's rollouts and the fallback use), written over the
 * plain-data `PolicyScene` a sandboxed policy receives. It is what a good
 * `tru.policy` answer looks like, so the synthetic model answers with it (and
 * with bugs injected into it). A property test in `policy.test.ts` runs it in
 * the sandbox on random states and checks that it chooses the TypeScript
 * policy's action on every one.
 */
export const BUILTIN_POLICY_SOURCE = `function nextAction(unreachedGoals, scene) {
  if (unreachedGoals.length === 0) return { type: 'NONE' };
  const fromRobot = scene.navCost[scene.robotArea];
  const held = scene.heldObject;
  if (held >= 0) {
    // Deliver the held object if some goal wants it.
    for (const g of unreachedGoals) {
      if (g.object === held) {
        if (!scene.areas[g.area].open) return { type: 'OPEN', area: g.area };
        return { type: 'PLACE', area: g.area };
      }
    }
    // Otherwise put it down on the nearest open area.
    let best = -1;
    let bestCost = Infinity;
    for (const a of scene.areas) {
      if (a.open && fromRobot[a.id] < bestCost) {
        best = a.id;
        bestCost = fromRobot[a.id];
      }
    }
    return best >= 0 ? { type: 'PLACE', area: best } : { type: 'NONE' };
  }
  // Hand empty: the visible goal object with the cheapest robot -> object -> target trip;
  // when none is visible, the nearest closed area that holds a goal object.
  let pick = null;
  let pickCost = Infinity;
  let closed = -1;
  let closedCost = Infinity;
  for (const g of unreachedGoals) {
    const obj = scene.objects[g.object];
    if (obj === undefined || obj.area < 0) continue;
    const visible = scene.areas[obj.area].open;
    if (visible) {
      const cost = fromRobot[obj.area] + scene.navCost[obj.area][g.area];
      if (cost < pickCost) {
        pickCost = cost;
        pick = obj;
      }
    } else if (fromRobot[obj.area] < closedCost) {
      closedCost = fromRobot[obj.area];
      closed = obj.area;
    }
  }
  if (pick !== null) return { type: 'PICK', area: pick.area, object: pick.id };
  if (closed >= 0) return { type: 'OPEN', area: closed };
  return { type: 'NONE' };
}
`;
