/**
 * LLM-MCTS (Zhao, Lee & Hsu 2023, "Large Language Models as Commonsense
 * Knowledge for Large-Scale Task Planning") as the closed-domain baseline of
 * Tru-POMDP §5.2: the LLM names the goal once (object → target area; a
 * closed object set: the visible objects plus the goal objects it names),
 * gives a probability vector over closed areas for each hidden goal object
 * (the belief), and guides Monte Carlo tree search as a policy prior (PUCT)
 * at the root and the first expanded nodes of every move; leaves are
 * evaluated by random rollouts. Simulations sample hidden locations from the
 * belief (root sampling); opening an area without finding an object removes
 * that area from its vector. A goal object that does not exist can never be
 * found — the closed-domain failure the paper describes.
 */
import { z } from 'zod';
import { GroundplanError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import {
  applyAction,
  feasibleActions,
  formatAction,
  makeWorld,
  planningReward,
  alternativeSatisfied,
  type GoalPair,
  type KitchenAction,
  type KitchenState,
  type KitchenWorld,
  type NamedObservation,
} from '../../envs/kitchen/index.js';
import { ask } from '../../llm/ask.js';
import { LlmSchemaError } from '../../llm/errors.js';
import { stepRecord, type KitchenMethod, type MethodContext } from '../method.js';
import { mctsGoalMessages, mctsLocationMessages, mctsPriorMessages } from './prompts.js';

export const MCTS_GOAL_KIND = 'mcts.goal';
export const MCTS_LOCATIONS_KIND = 'mcts.locations';
export const MCTS_PRIOR_KIND = 'mcts.prior';

export interface LlmMctsOptions {
  /** Simulations per move (200). */
  simulations: number;
  /** Search depth (12). */
  depth: number;
  discount: number;
  /** PUCT exploration constant (scaled by the reward range). */
  exploration: number;
  /** LLM prior calls per move (4; the root first). */
  priorCalls: number;
  temperature?: number;
}

export const DEFAULT_MCTS_OPTIONS: LlmMctsOptions = { simulations: 200, depth: 12, discount: 0.95, exploration: 1, priorCalls: 4 };

export interface MctsGoalVars { instruction: string; observation: NamedObservation }
export interface MctsLocationVars { instruction: string; observation: NamedObservation; object: string }
export interface MctsPriorVars {
  instruction: string;
  goal: Array<{ object: string; target_area: string }>;
  /** The hypothetical state: object → area (`IN_HAND` for the held one). */
  placement: Record<string, string>;
  open: string[];
  actions: string[];
}

const goalSchema = z.object({ goal: z.array(z.object({ object: z.string().min(1), target_area: z.string().min(1) })).min(1) });
const locationsSchema = z.object({ locations: z.array(z.object({ area: z.string().min(1), probability: z.number().min(0) })).min(1) });
const priorSchema = z.object({ actions: z.array(z.object({ action: z.string().min(1), probability: z.number().min(0) })) });

export function parseMctsOptions(o: Record<string, unknown>): LlmMctsOptions {
  const out: LlmMctsOptions = { ...DEFAULT_MCTS_OPTIONS };
  for (const key of ['simulations', 'depth', 'priorCalls'] as const) {
    if (o[key] === undefined) continue;
    const n = Number(o[key]);
    if (!Number.isInteger(n) || n < 0) throw new GroundplanError('BASELINE_OPTION', `llm-mcts option ${key}: expected an integer ≥ 0, got ${String(o[key])}`);
    out[key] = n;
  }
  for (const key of ['discount', 'exploration'] as const) {
    if (o[key] === undefined) continue;
    const n = Number(o[key]);
    if (!Number.isFinite(n) || n <= 0) throw new GroundplanError('BASELINE_OPTION', `llm-mcts option ${key}: expected a positive number, got ${String(o[key])}`);
    out[key] = n;
  }
  if (o.temperature !== undefined) out.temperature = Number(o.temperature);
  return out;
}

function baseName(name: string): string {
  return name.replace(/_\d+$/, '');
}

interface GoalObject {
  /** The name the LLM gave, then the real name once bound to a visible object. */
  name: string;
  target: number;
  /** Seen (bound to a real object). */
  bound: boolean;
  /** Belief over closed areas (area index → probability), for unbound objects. */
  belief: Map<number, number>;
  asked: number;
}

interface Edge {
  action: KitchenAction;
  n: number;
  q: number;
  prior: number;
  child?: Node;
}
interface Node {
  n: number;
  edges: Map<string, Edge>;
  priors?: Map<string, number>;
}

function key(a: KitchenAction): string {
  return a.type === 'pick' ? `k${a.area}:${a.object}` : a.type === 'none' ? 'n' : `${a.type[0]}${a.area}`;
}

/** Runs one LLM-MCTS episode. */
export async function runLlmMcts(ctx: MethodContext, options: LlmMctsOptions = DEFAULT_MCTS_OPTIONS): Promise<void> {
  const env = ctx.env;
  const layout = env.layout;
  const areaOf = (name: string): number | undefined => layout.areaIndex.get(name);
  let obs = env.observation();

  // 1. The goal (once): object → target area.
  let goalObjects: GoalObject[];
  try {
    const r = await ask(
      ctx.llm,
      {
        kind: MCTS_GOAL_KIND,
        vars: { instruction: env.instruction, observation: obs } satisfies MctsGoalVars,
        messages: mctsGoalMessages(env.instruction, obs),
        schema: goalSchema,
        temperature: options.temperature,
        check: (v) => v.goal.filter((g) => areaOf(g.target_area) === undefined).map((g) => `target area '${g.target_area}' does not exist; choose from the open and closed areas listed`),
      },
      { meter: ctx.meter, signal: ctx.signal },
    );
    const seen = new Set<string>();
    goalObjects = r.value.goal
      .filter((g) => !seen.has(g.object) && (seen.add(g.object), true))
      .map((g) => ({ name: g.object, target: areaOf(g.target_area) ?? 0, bound: false, belief: new Map<number, number>(), asked: 0 }));
  } catch (err) {
    if (!(err instanceof LlmSchemaError)) throw err;
    ctx.warn(`llm-mcts: no usable goal from the LLM (${err.message}); giving up`);
    return;
  }

  const bindVisible = (): void => {
    const visible = [...obs.objects.map((o) => o.object), ...(obs.inHand ? [obs.inHand] : [])];
    for (const g of goalObjects) {
      if (g.bound) continue;
      const exact = visible.find((v) => v === g.name);
      const byType = exact ?? visible.find((v) => baseName(v) === baseName(g.name) && !goalObjects.some((o) => o.bound && o.name === v));
      if (byType !== undefined) {
        g.name = byType;
        g.bound = true;
      }
    }
  };

  const askLocations = async (g: GoalObject): Promise<void> => {
    g.asked++;
    const closed = new Set(obs.closedAreas);
    try {
      const r = await ask(
        ctx.llm,
        {
          kind: MCTS_LOCATIONS_KIND,
          vars: { instruction: env.instruction, observation: obs, object: g.name } satisfies MctsLocationVars,
          messages: mctsLocationMessages(env.instruction, obs, g.name),
          schema: locationsSchema,
          temperature: options.temperature,
          check: (v) => v.locations.filter((l) => !closed.has(l.area)).map((l) => `'${l.area}' is not a closed area of the observation`),
        },
        { meter: ctx.meter, signal: ctx.signal },
      );
      g.belief = new Map();
      for (const l of r.value.locations) {
        const a = areaOf(l.area);
        if (a !== undefined && l.probability > 0) g.belief.set(a, (g.belief.get(a) ?? 0) + l.probability);
      }
    } catch (err) {
      if (!(err instanceof LlmSchemaError)) throw err;
      ctx.warn(`llm-mcts: no usable locations for '${g.name}'; using a uniform vector over closed areas`);
    }
    if (g.belief.size === 0) for (const name of obs.closedAreas) g.belief.set(areaOf(name) ?? 0, 1);
  };

  bindVisible();
  for (const g of goalObjects) if (!g.bound) await askLocations(g);

  let total = 0;
  let stepStart = performance.now();
  while (env.status === 'running' && ctx.timeLeftMs() > 0) {
    // Belief update: areas now open cannot hide anything.
    bindVisible();
    for (const g of goalObjects) {
      if (g.bound) continue;
      for (const a of [...g.belief.keys()]) if (obs.openAreas.includes(layout.areas[a])) g.belief.delete(a);
      if (g.belief.size === 0 && g.asked < 2 && obs.closedAreas.length > 0) await askLocations(g);
    }
    const live = goalObjects.filter((g) => g.bound || g.belief.size > 0);
    // The closed world of this move: visible objects + unbound goal objects.
    const names = [...obs.objects.map((o) => o.object), ...(obs.inHand ? [obs.inHand] : [])];
    for (const g of live) if (!g.bound) names.push(g.name);
    const world = makeWorld(layout, names);
    const goal: GoalPair[] = live.map((g) => ({ object: world.objectIndex.get(g.name) ?? 0, area: g.target }));
    const base = baseState(world, obs);
    if (goal.length === 0 || alternativeSatisfied(base, goal) && live.every((g) => g.bound)) {
      ctx.warn(`llm-mcts: the LLM's goal is ${goal.length === 0 ? 'unreachable (its objects were not found)' : 'met but the task is not complete'}; giving up`);
      return;
    }
    const sample = (rng: Rng): KitchenState => {
      const objectArea = base.objectArea.slice();
      for (const g of live) {
        if (g.bound) continue;
        const areas = [...g.belief.keys()];
        objectArea[world.objectIndex.get(g.name) ?? 0] = areas[rng.weightedIndex(areas.map((a) => g.belief.get(a) ?? 0))];
      }
      return { ...base, objectArea };
    };
    const root: Node = { n: 0, edges: new Map() };
    let priorBudget = options.priorCalls;
    const priorFor = async (node: Node, s: KitchenState): Promise<void> => {
      if (priorBudget <= 0 || node.priors) return;
      priorBudget--;
      node.priors = await llmPrior(ctx, world, s, goal, options);
    };
    const range = 600;
    for (let sim = 0; sim < options.simulations && ctx.timeLeftMs() > 0; sim++) {
      const s0 = sample(ctx.rng);
      if (sim === 0) await priorFor(root, s0);
      await simulate(root, s0, 0);
    }
    async function simulate(node: Node, s: KitchenState, depth: number): Promise<number> {
      if (depth >= options.depth || alternativeSatisfied(s, goal)) return 0;
      const legal = feasibleActions(world, s);
      if (legal.length === 0) return 0;
      let best: Edge | undefined;
      let bestScore = -Infinity;
      const sqrtN = Math.sqrt(node.n + 1);
      for (const a of legal) {
        const k = key(a);
        let e = node.edges.get(k);
        if (!e) {
          e = { action: a, n: 0, q: 0, prior: node.priors?.get(k) ?? 1 / legal.length };
          node.edges.set(k, e);
        }
        const score = (e.n > 0 ? e.q : 0) + options.exploration * range * e.prior * (sqrtN / (1 + e.n)) + ctx.rng.next() * 1e-6;
        if (score > bestScore) {
          bestScore = score;
          best = e;
        }
      }
      const e = best as Edge;
      const next = applyAction(world, s, e.action).state;
      const r = planningReward(world, s, e.action, next, goal);
      let value: number;
      if (!e.child) {
        e.child = { n: 0, edges: new Map() };
        if (depth === 0 && e.n === 0) await priorFor(e.child, next);
        value = r + options.discount * rollout(world, next, goal, depth + 1, options, ctx.rng);
      } else value = r + options.discount * (await simulate(e.child, next, depth + 1));
      e.n++;
      e.q += (value - e.q) / e.n;
      node.n++;
      return value;
    }
    let chosen: Edge | undefined;
    for (const e of root.edges.values()) if (!chosen || e.n > chosen.n || (e.n === chosen.n && e.q > chosen.q)) chosen = e;
    if (!chosen) {
      ctx.warn('llm-mcts: no legal action; giving up');
      return;
    }
    const text = formatAction(world, chosen.action);
    const fb = env.step(text);
    total += fb.reward;
    obs = fb.observation;
    const now = performance.now();
    ctx.onStep?.(
      stepRecord(env, fb, total, (now - stepStart) / 1000, {
        method: 'llm-mcts',
        simulations: root.n,
        value: Math.round(chosen.q),
        priorCalls: options.priorCalls - priorBudget,
        hiddenLocations: Object.fromEntries(goalObjects.filter((g) => !g.bound).map((g) => [g.name, [...g.belief.keys()].map((a) => layout.areas[a])])),
      }),
    );
    stepStart = now;
  }
}

function baseState(world: KitchenWorld, obs: NamedObservation): KitchenState {
  const layout = world.layout;
  const objectArea = new Int16Array(world.objects.length).fill(-1);
  for (const o of obs.objects) objectArea[world.objectIndex.get(o.object) ?? 0] = layout.areaIndex.get(o.area) ?? 0;
  const open = new Uint8Array(layout.areas.length);
  for (const a of obs.openAreas) open[layout.areaIndex.get(a) ?? 0] = 1;
  const hand = obs.inHand ? (world.objectIndex.get(obs.inHand) ?? -1) : -1;
  return { robot: layout.areaIndex.get(obs.robotAt) ?? 0, hand, objectArea, open };
}

function rollout(world: KitchenWorld, s: KitchenState, goal: readonly GoalPair[], depth: number, options: LlmMctsOptions, rng: Rng): number {
  let value = 0;
  let scale = 1;
  for (let d = depth; d < options.depth && !alternativeSatisfied(s, goal); d++) {
    const legal = feasibleActions(world, s);
    if (legal.length === 0) break;
    const a = legal[rng.int(legal.length)];
    const next = applyAction(world, s, a).state;
    value += scale * planningReward(world, s, a, next, goal);
    scale *= options.discount;
    s = next;
  }
  return value;
}

async function llmPrior(ctx: MethodContext, world: KitchenWorld, s: KitchenState, goal: readonly GoalPair[], options: LlmMctsOptions): Promise<Map<string, number> | undefined> {
  const legal = feasibleActions(world, s);
  const texts = legal.map((a) => formatAction(world, a));
  const byText = new Map(texts.map((t, i) => [t.replace(/\s+/g, '').toLowerCase(), key(legal[i])]));
  const placement: Record<string, string> = {};
  world.objects.forEach((o, i) => {
    placement[o] = s.objectArea[i] >= 0 ? world.layout.areas[s.objectArea[i]] : 'IN_HAND';
  });
  const goalNames = goal.map((g) => ({ object: world.objects[g.object], target_area: world.layout.areas[g.area] }));
  const open = world.layout.areas.filter((_, a) => s.open[a] === 1);
  const stateText = `${Object.entries(placement).map(([o, a]) => `${o} in ${a}`).join(', ')}; open areas: ${open.join(', ')}`;
  try {
    const r = await ask(
      ctx.llm,
      {
        kind: MCTS_PRIOR_KIND,
        vars: { instruction: ctx.env.instruction, goal: goalNames, placement, open, actions: texts } satisfies MctsPriorVars,
        messages: mctsPriorMessages(ctx.env.instruction, stateText, goalNames.map((g) => `${g.object} → ${g.target_area}`).join(', '), texts),
        schema: priorSchema,
        temperature: options.temperature,
      },
      { meter: ctx.meter, signal: ctx.signal },
    );
    const out = new Map<string, number>();
    let sum = 0;
    for (const a of r.value.actions) {
      const k = byText.get(a.action.replace(/\s+/g, '').toLowerCase());
      if (k !== undefined) {
        out.set(k, (out.get(k) ?? 0) + a.probability);
        sum += a.probability;
      }
    }
    if (sum <= 0) return undefined;
    // Mix with a uniform prior (10%) so every legal action keeps some exploration.
    const mixed = new Map<string, number>();
    for (const a of legal) mixed.set(key(a), (0.9 * (out.get(key(a)) ?? 0)) / sum + 0.1 / legal.length);
    return mixed;
  } catch (err) {
    if (!(err instanceof LlmSchemaError)) throw err;
    ctx.warn('llm-mcts: dropped an unusable action prior');
    return undefined;
  }
}

export const llmMctsMethod: KitchenMethod = {
  name: 'llm-mcts',
  description: 'LLM-MCTS (Zhao et al. 2023): closed object set, LLM location vectors as belief, PUCT with an LLM policy prior, random rollouts',
  run: (ctx, options) => runLlmMcts(ctx, parseMctsOptions(options)),
};

