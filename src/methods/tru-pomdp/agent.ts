/**
 * The Tru-POMDP agent loop (Tang et al. 2025, Fig. 1): build a belief with the
 * Tree of Hypotheses, then repeat — plan with DESPOT over the belief-built
 * action space, act, observe, hybrid belief update — until success, the step
 * limit or the time budget. Each ablation of §5.3 is an option that switches one
 * mechanism off (`mechanismsOf`); the loop is three named steps: generate a
 * belief, decide an action, update the belief.
 */
import { GroundplanError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import {
  NONE,
  formatAction,
  navCost,
  type KitchenAction,
  type KitchenObservation,
  type NamedObservation,
} from '../../envs/kitchen/index.js';
import { ask, LlmSchemaError } from '../../llm/index.js';
import { Despot, History, makeBelief, type ClockKind, type DespotStats } from '../../pomdp/index.js';
import { stepRecord, type KitchenMethod, type MethodContext } from '../method.js';
import { AgentWorld, type Particle } from './agent-world.js';
import { filterBelief, needsSupplement, normalizeBelief, supplement, type Belief } from './hybrid-belief.js';
import { beliefActions, kitchenPomdp } from './kitchen-pomdp.js';
import { actSchema, renderAct, type ActVars, type GoalPairName } from './prompts.js';
import { nearestTargetPolicy, unreachedGoals, type RolloutPolicy } from './rollout-policy.js';
import { sceneVars, treeOfHypotheses } from './tree-of-hypotheses.js';

export const ABLATIONS = ['no-belief', 'no-hbu', 'no-toh', 'no-lrp', 'no-bts'] as const;
export type Ablation = (typeof ABLATIONS)[number];

/**
 * The five mechanisms of §5.3, each as the loop uses it. An ablation switches
 * exactly one off; the loop reads these and never the ablation's name.
 */
export interface Mechanisms {
  /** Hypotheses from the Tree of Hypotheses, or from one flat query (w/o TOH). */
  hypotheses: 'tree' | 'flat';
  /** The whole particle belief, or only its most likely particle (w/o Belief). */
  belief: 'particles' | 'top';
  /** The hybrid Bayesian/LLM update, or a new belief from the LLM after every step (w/o HBU). */
  update: 'hybrid' | 'regenerate';
  /** DESPOT over the belief, or the LLM picks each action (w/o BTS). */
  decide: 'search' | 'llm';
  /** Rollouts with the (LLM-written) policy, or at random (w/o LRP). */
  rollout: 'policy' | 'random';
}

export function mechanismsOf(ablation?: Ablation): Mechanisms {
  return {
    hypotheses: ablation === 'no-toh' ? 'flat' : 'tree',
    belief: ablation === 'no-belief' ? 'top' : 'particles',
    update: ablation === 'no-hbu' ? 'regenerate' : 'hybrid',
    decide: ablation === 'no-bts' ? 'llm' : 'search',
    rollout: ablation === 'no-lrp' ? 'random' : 'policy',
  };
}

export interface TruPomdpOptions {
  ablation?: Ablation;
  /** C1: goal combinations per ToH query (3). */
  c1: number;
  /** C2: hidden locations per unseen object (3). */
  c2: number;
  /** ε: supplement when the surviving weight falls below 1 − ε (0.7). */
  epsilon: number;
  /** DESPOT scenarios K (30). */
  numScenarios: number;
  /** DESPOT search depth (20). */
  depth: number;
  /** Rollout depth of the default policy (10). */
  rolloutDepth: number;
  /** Seconds of search per move on `clock` (1). */
  timePerMove: number;
  /** Stop each search after this many trials as well. */
  maxTrials?: number;
  clock: ClockKind;
  discount: number;
  /** Rollout policy (default: the built-in nearest-target policy). */
  policy?: RolloutPolicy;
  /** Run rollouts on scratch memory in the model (true; same values, faster) or in the generic engine. */
  scratchRollout: boolean;
}

export const DEFAULT_OPTIONS: TruPomdpOptions = {
  c1: 3,
  c2: 3,
  epsilon: 0.7,
  numScenarios: 30,
  depth: 20,
  rolloutDepth: 10,
  timePerMove: 1,
  clock: 'cpu',
  discount: 0.95,
  scratchRollout: true,
};

function num(o: Record<string, unknown>, key: string, min: number, integer: boolean): number | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new GroundplanError('TRU_OPTION', `tru-pomdp option ${key}: expected ${integer ? 'an integer' : 'a number'} ≥ ${min}, got ${String(v)}`);
  }
  return n;
}

/** Options from a loose record (CLI / registry), validated. */
export function parseTruOptions(o: Record<string, unknown>): TruPomdpOptions {
  const out: TruPomdpOptions = { ...DEFAULT_OPTIONS };
  const ab = o.ablation;
  if (ab !== undefined && ab !== '' && ab !== 'none') {
    if (!ABLATIONS.includes(ab as Ablation)) throw new GroundplanError('TRU_OPTION', `unknown ablation '${String(ab)}' (known: ${ABLATIONS.join(', ')})`);
    out.ablation = ab as Ablation;
  }
  out.c1 = num(o, 'c1', 1, true) ?? out.c1;
  out.c2 = num(o, 'c2', 1, true) ?? out.c2;
  out.epsilon = num(o, 'epsilon', 0, false) ?? out.epsilon;
  if (out.epsilon > 1) throw new GroundplanError('TRU_OPTION', `tru-pomdp option epsilon must be in [0, 1], got ${out.epsilon}`);
  out.numScenarios = num(o, 'numScenarios', 1, true) ?? out.numScenarios;
  out.depth = num(o, 'depth', 1, true) ?? out.depth;
  out.rolloutDepth = num(o, 'rolloutDepth', 0, true) ?? out.rolloutDepth;
  out.timePerMove = num(o, 'timePerMove', 0, false) ?? out.timePerMove;
  out.discount = num(o, 'discount', 0, false) ?? out.discount;
  if (out.discount >= 1) throw new GroundplanError('TRU_OPTION', `tru-pomdp option discount must be < 1, got ${out.discount}`);
  const mt = num(o, 'maxTrials', 1, true);
  if (mt !== undefined) out.maxTrials = mt;
  if (o.clock !== undefined) {
    if (o.clock !== 'cpu' && o.clock !== 'wall' && o.clock !== 'thread') throw new GroundplanError('TRU_OPTION', `tru-pomdp option clock must be cpu, wall or thread, got ${String(o.clock)}`);
    out.clock = o.clock;
  }
  if (typeof o.policy === 'function') out.policy = o.policy as RolloutPolicy;
  if (o.scratchRollout !== undefined) out.scratchRollout = o.scratchRollout !== false && o.scratchRollout !== 'false';
  return out;
}

/** Belief summary for traces: hypotheses (goals) by total weight. */
export interface HypothesisSummary {
  goal: string;
  weight: number;
  particles: number;
}

function goalText(aw: AgentWorld, goal: Particle['goal']): string {
  return goal.map((g) => `${aw.name(g.object)}→${aw.layout.areas[g.area]}`).join(', ');
}

export function summarizeBelief(aw: AgentWorld, b: Belief, top = 3): HypothesisSummary[] {
  const by = new Map<string, HypothesisSummary>();
  b.particles.forEach((p, i) => {
    const key = goalText(aw, p.goal);
    const e = by.get(key) ?? { goal: key, weight: 0, particles: 0 };
    e.weight += b.weights[i];
    e.particles++;
    by.set(key, e);
  });
  return [...by.values()].sort((x, y) => y.weight - x.weight).slice(0, top).map((h) => ({ ...h, weight: Math.round(h.weight * 1000) / 1000 }));
}

/** One hidden-location hypothesis: the belief's weight on "object is in the closed area place". */
export interface LocationSummary {
  object: string;
  place: string;
  weight: number;
}

/**
 * The top hidden-location hypotheses: for each (object, closed area) the total
 * weight of the particles that put the object there (a marginal; unseen
 * objects carry their placeholder type name), largest first.
 */
export function summarizeLocations(aw: AgentWorld, b: Belief, z: KitchenObservation, top = 8): LocationSummary[] {
  const by = new Map<string, LocationSummary>();
  b.particles.forEach((p, i) => {
    const oa = p.state.objectArea;
    for (let o = 0; o < oa.length; o++) {
      const a = oa[o];
      if (a < 0 || z.open[a]) continue;
      const key = `${o}@${a}`;
      const e = by.get(key) ?? { object: aw.name(o), place: aw.layout.areas[a], weight: 0 };
      e.weight += b.weights[i];
      by.set(key, e);
    }
  });
  return [...by.values()].sort((x, y) => y.weight - x.weight || (x.object < y.object ? -1 : x.object > y.object ? 1 : 0)).slice(0, top).map((l) => ({ ...l, weight: Math.round(l.weight * 1000) / 1000 }));
}

/** Explore when no hypothesis is left: open the nearest closed area (NONE when all are open). */
function exploreAction(aw: AgentWorld, z: KitchenObservation): KitchenAction {
  let best: KitchenAction = NONE;
  let cost = Infinity;
  for (let a = 0; a < z.open.length; a++) {
    if (z.open[a]) continue;
    const c = navCost(aw.layout, z.robot, a);
    if (c < cost) {
      cost = c;
      best = { type: 'open', area: a };
    }
  }
  return best;
}

function top(b: Belief): Belief {
  if (b.particles.length === 0) return b;
  let k = 0;
  for (let i = 1; i < b.weights.length; i++) if (b.weights[i] > b.weights[k]) k = i;
  return { particles: [b.particles[k]], weights: [1] };
}

type SearchTrace = Omit<DespotStats, 'rootActions'> & { rootActions: Array<{ action: string; lower: number; upper: number }> };

/** What one agent run carries from step to step. */
interface AgentRun {
  ctx: MethodContext;
  opts: TruPomdpOptions;
  mech: Mechanisms;
  aw: AgentWorld;
  rng: Rng;
  /** Goal sets known not to be the goal (already met when asked, or eliminated by the update). */
  failedGoals: GoalPairName[][];
  failedKeys: Set<string>;
  /** Where the agent has put each object it placed. */
  placed: Map<string, string>;
  named: NamedObservation;
  tohCalls: number;
}

function recordFailed(run: AgentRun, goals: GoalPairName[][]): void {
  for (const g of goals) {
    const key = g.map((p) => `${p.object}@${p.target_area}`).sort().join('|');
    if (run.failedKeys.has(key)) continue;
    run.failedKeys.add(key);
    run.failedGoals.push(g);
  }
}

/** A belief from the LLM: the Tree of Hypotheses (or the flat query), cut to its top particle without the particle belief. */
async function generateBelief(run: AgentRun): Promise<Belief> {
  const { ctx, opts, mech, aw } = run;
  const r = await treeOfHypotheses(
    {
      llm: ctx.llm,
      meter: ctx.meter,
      world: aw,
      instruction: ctx.env.instruction,
      observation: run.named,
      failedGoals: [...run.failedGoals],
      placed: [...run.placed].map(([object, area]) => ({ object, area })),
      warn: (m) => ctx.warn(m),
      signal: ctx.signal,
    },
    { c1: opts.c1, c2: opts.c2, maxPerCombination: 64, flat: mech.hypotheses === 'flat', temperature: 0.1 },
  );
  run.tohCalls++;
  recordFailed(run, r.alreadyMet);
  const b = normalizeBelief(r.particles, r.weights);
  return mech.belief === 'top' ? top(b) : b;
}

/** The next action: explore when no hypothesis is left, else DESPOT over the belief (or the LLM's pick without the search). */
async function decideAction(run: AgentRun, belief: Belief, z: KitchenObservation): Promise<{ action: KitchenAction; decidedBy: string; search?: SearchTrace }> {
  const { ctx, opts, mech, aw } = run;
  if (belief.particles.length === 0) return { action: exploreAction(aw, z), decidedBy: 'explore (empty belief)' };
  if (mech.decide === 'llm') return { action: await llmAct(ctx, aw, belief, run.named, run.failedGoals), decidedBy: 'llm (tru.act)' };
  const world = aw.world;
  const model = kitchenPomdp(world, belief, {
    discount: opts.discount,
    policy: mech.rollout === 'random' ? undefined : (opts.policy ?? nearestTargetPolicy),
    ...(opts.scratchRollout ? { rollout: { depth: opts.depth, rolloutDepth: opts.rolloutDepth } } : {}),
  });
  const timeLeft = ctx.timeLeftMs() / 1000;
  const despot = new Despot(model, run.rng.fork(), {
    numScenarios: opts.numScenarios,
    depth: opts.depth,
    maxPolicySimLen: opts.rolloutDepth,
    timePerMove: Math.max(0.01, Math.min(opts.timePerMove, timeLeft - 0.5)),
    clock: opts.clock,
    ...(opts.maxTrials !== undefined ? { maxTrials: opts.maxTrials } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const init = model.initialParticles(); // the search-side particles (cached met count and view hash)
  const r = despot.search(makeBelief(init.states, init.weights), new History());
  const s0 = belief.particles[0].state;
  const search: SearchTrace = {
    ...r.stats,
    rootActions: r.stats.rootActions
      .map((q) => ({ action: formatAction(world, model.codec.decode(q.action, s0)), lower: round(q.lower), upper: round(q.upper) }))
      .sort((x, y) => y.lower - x.lower),
  };
  return { action: model.codec.decode(r.action, s0), decidedBy: 'despot', search };
}

/**
 * The belief after `action` and observation `z2`: the hybrid update (filter
 * the particles; supplement from the LLM when too little weight survives), or
 * a new belief from the LLM without it. Returns the trace's update record.
 */
async function updateBelief(run: AgentRun, belief: Belief, action: KitchenAction, z2: KitchenObservation): Promise<{ belief: Belief; update: Record<string, unknown> }> {
  const { opts, mech, aw } = run;
  if (mech.update === 'regenerate') return { belief: await generateBelief(run), update: { regenerated: true } };
  const f = filterBelief(belief, action, z2, aw, true);
  const toNames = (goal: Particle['goal']): GoalPairName[] => goal.map((g) => ({ object: aw.name(g.object), target_area: aw.layout.areas[g.area] }));
  recordFailed(run, f.failedGoals.map(toNames));
  let supplemented = false;
  let next: Belief;
  if (needsSupplement(f.survived, opts.epsilon)) {
    supplemented = true;
    const fresh = await generateBelief(run);
    next = mech.belief === 'top' ? (f.particles.length > 0 ? top(normalizeBelief(f.particles, f.weights)) : fresh) : supplement(f, fresh);
  } else {
    next = normalizeBelief(f.particles, f.weights);
  }
  return { belief: next, update: { survived: round(f.survived), eliminated: f.eliminated, failedGoals: f.failedGoals.length, supplemented, particles: next.particles.length } };
}

/** Run the agent in `ctx.env`; the Method's `run`. */
export async function runTruPomdp(ctx: MethodContext, opts: TruPomdpOptions): Promise<void> {
  const env = ctx.env;
  const aw = new AgentWorld(env.layout);
  const named = env.observation();
  aw.observation(named);
  const run: AgentRun = { ctx, opts, mech: mechanismsOf(opts.ablation), aw, rng: ctx.rng, failedGoals: [], failedKeys: new Set(), placed: new Map(), named, tohCalls: 0 };
  let total = 0;

  let mark = ctx.meter?.summary().total;
  let belief = await generateBelief(run);
  while (env.status === 'running') {
    if (ctx.timeLeftMs() <= 0 || ctx.signal?.aborted) return;
    const t0 = performance.now();
    const z = aw.observation(run.named);
    belief = { particles: belief.particles.map((p) => ({ state: aw.pad(p.state), goal: p.goal })), weights: belief.weights };
    const summary = summarizeBelief(aw, belief);
    const locations = summarizeLocations(aw, belief, z);
    const { action, decidedBy, search } = await decideAction(run, belief, z);
    const before = mark;
    const heldName = run.named.inHand;
    const fb = env.step(formatAction(aw.world, action));
    total += fb.reward;
    run.named = fb.observation;
    if (action.type === 'place' && fb.feasible && heldName) run.placed.set(heldName, aw.layout.areas[action.area]);
    const planSeconds = (performance.now() - t0) / 1000;
    let update: Record<string, unknown> = {};
    if (fb.status === 'running') ({ belief, update } = await updateBelief(run, belief, action, aw.observation(run.named)));
    const after = ctx.meter?.summary().total;
    mark = after;
    ctx.onStep?.(
      stepRecord(env, fb, total, round(planSeconds), {
        decidedBy,
        belief: summary,
        locations,
        ...(search ? { search } : {}),
        update,
        failedGoals: run.failedGoals.length,
        tohQueries: run.tohCalls,
        llm: before && after ? { calls: after.asks - before.asks, inputTokens: after.inputTokens - before.inputTokens, outputTokens: after.outputTokens - before.outputTokens } : undefined,
      }),
    );
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** w/o BTS: ask the LLM for the action given the belief (`tru.act`); falls back to the built-in policy on the top hypothesis. */
async function llmAct(ctx: MethodContext, aw: AgentWorld, b: Belief, named: NamedObservation, failedGoals: GoalPairName[][]): Promise<KitchenAction> {
  const world = aw.world;
  const codec = kitchenPomdp(world, b).codec;
  const s0 = b.particles[0].state;
  const legal = beliefActions(world, codec, b.particles).map((id) => codec.decode(id, s0));
  const names = legal.map((a) => formatAction(world, a));
  const order = b.weights.map((w, i) => ({ w, i })).sort((x, y) => y.w - x.w).slice(0, 5);
  const vars: ActVars = {
    ...sceneVars(ctx.env.instruction, named),
    failedGoals,
    actions: names,
    hypotheses: order.map(({ w, i }) => {
      const p = b.particles[i];
      return {
        probability: Math.round(w * 100) / 100,
        goal: p.goal.map((g) => ({ object: aw.name(g.object), target_area: aw.layout.areas[g.area] })),
        hidden: p.goal.filter((g) => p.state.objectArea[g.object] >= 0 && !p.state.open[p.state.objectArea[g.object]]).map((g) => ({ object: aw.name(g.object), area: aw.layout.areas[p.state.objectArea[g.object]] })),
      };
    }),
  };
  const best = b.particles[order[0].i];
  const fallback = nearestTargetPolicy(unreachedGoals(best.state, best.goal), { world, state: best.state });
  try {
    const r = await ask(
      ctx.llm,
      {
        kind: 'tru.act',
        vars,
        messages: renderAct(vars),
        schema: actSchema,
        check: (v) => (names.includes(v.action.trim()) ? [] : [`'${v.action}' is not one of the legal actions: ${names.join(', ')}`]),
      },
      { meter: ctx.meter, signal: ctx.signal },
    );
    return legal[names.indexOf(r.value.action.trim())];
  } catch (err) {
    if (!(err instanceof LlmSchemaError)) throw err;
    ctx.warn(`tru.act: no legal action after the repair turn; used the built-in policy`);
    return fallback;
  }
}

export const truPomdpMethod: KitchenMethod = {
  name: 'tru-pomdp',
  description: 'Tru-POMDP: Tree of Hypotheses belief, hybrid belief update, DESPOT over a belief-built action space',
  run: (ctx, options) => runTruPomdp(ctx, parseTruOptions(options)),
};
