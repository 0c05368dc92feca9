/**
 * Tag (Pineau, Gordon, Thrun 2003) exactly as the DESPOT reference defines it
 * (examples/cpp_models/tag): 29 free cells, state = robot·29 + opponent,
 * actions 0..3 = N,E,S,W and 4 = Tag; tag on the opponent's cell +10 and
 * terminal, failed tag −10, move −1; the opponent moves away from the
 * robot's pre-move position (x and y parts w.p. 0.4 each, stay 0.2; blocked
 * moves stay); observation = robot cell, or 29 when on the opponent's cell.
 * Default bounds as the reference: lower = MODE-MDP rollouts, upper = SP.
 * States are small integers; all dynamics are table lookups.
 */
import type { Rng } from '../../core/rng.js';
import type { Obs, PomdpModel, StepOutcome } from '../model.js';

const MAP = ['#####...##', '#####...##', '#####...##', '..........', '..........'];
const DX = [0, 1, 0, -1];
const DY = [1, 0, -1, 0];
export const TAG_ACTION = 4;

/** Geometry of a Tag map: free cells in reading order, neighbours, BFS distances. */
export interface TagMap {
  readonly numCells: number;
  readonly cx: Int32Array;
  readonly cy: Int32Array;
  /** neighbour[cell*4+dir] = next cell or the same cell when blocked. */
  readonly neighbour: Int32Array;
  /** dist[a*numCells+b] = shortest path length. */
  readonly dist: Int32Array;
}

export function buildTagMap(rows: readonly string[] = MAP, maxWidth = 10): TagMap {
  const cellAt = new Map<string, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < Math.min(maxWidth, row.length); x++) {
      if (row[x] !== '#') {
        cellAt.set(`${x},${y}`, xs.length);
        xs.push(x);
        ys.push(y);
      }
    }
  });
  const n = xs.length;
  const neighbour = new Int32Array(n * 4);
  for (let c = 0; c < n; c++) {
    for (let d = 0; d < 4; d++) {
      const t = cellAt.get(`${xs[c] + DX[d]},${ys[c] + DY[d]}`);
      neighbour[c * 4 + d] = t === undefined ? c : t;
    }
  }
  const dist = new Int32Array(n * n).fill(-1);
  for (let s = 0; s < n; s++) {
    const queue = [s];
    dist[s * n + s] = 0;
    for (let qi = 0; qi < queue.length; qi++) {
      const c = queue[qi];
      for (let d = 0; d < 4; d++) {
        const t = neighbour[c * 4 + d];
        if (dist[s * n + t] < 0) {
          dist[s * n + t] = dist[s * n + c] + 1;
          queue.push(t);
        }
      }
    }
  }
  return { numCells: n, cx: Int32Array.from(xs), cy: Int32Array.from(ys), neighbour, dist };
}

export interface TagTables {
  map: TagMap;
  /** Opponent outcomes per (rob,opp) state: up to 5 next cells with cumulative probabilities. */
  oppCell: Int32Array;
  oppCum: Float64Array;
  oppCount: Int32Array;
  oppProb: Float64Array;
  /** MDP-optimal action per state (for MODE-MDP). */
  policy: Int32Array;
  mdpValue: Float64Array;
  /** SP upper bound per state. */
  sp: Float64Array;
}

/**
 * The robot's half of a Tag step (Tag and LaserTag share it): tagging on the
 * opponent's cell ends the episode with +10 (then `out` is the whole outcome,
 * with observation `same`, and -1 is returned); a missed tag costs 10 and
 * leaves the robot where it is; a move costs 1. Returns the robot's next cell.
 */
export function tagRobotStep(out: StepOutcome<number>, map: TagMap, state: number, action: number, same: Obs): number {
  const rob = (state / map.numCells) | 0;
  if (action !== TAG_ACTION) {
    out.reward = -1;
    return map.neighbour[rob * 4 + action];
  }
  if (rob === state - rob * map.numCells) {
    out.reward = 10;
    out.terminal = true;
    out.state = state;
    out.observation = same;
    return -1;
  }
  out.reward = -10;
  return rob;
}

/** The opponent's next cell from `state` for a uniform draw `u`, by the tables' cumulative distribution. */
export function drawOpponent(tables: TagTables, state: number, u: number): number {
  const base = state * 5;
  const m = tables.oppCount[state];
  let j = 0;
  while (j < m - 1 && tables.oppCum[base + j] < u) j++;
  return tables.oppCell[base + j];
}

/** Opponent dynamics, MDP policy (when `mdp`) and SP bound for a Tag-style map. */
export function buildTagTables(map: TagMap, gamma: number, mdp = true): TagTables {
  const n = map.numCells;
  const S = n * n;
  const oppCell = new Int32Array(S * 5);
  const oppCum = new Float64Array(S * 5);
  const oppProb = new Float64Array(S * 5);
  const oppCount = new Int32Array(S);
  const { cx, cy, neighbour } = map;
  for (let rob = 0; rob < n; rob++) {
    for (let opp = 0; opp < n; opp++) {
      const s = rob * n + opp;
      const prob = new Map<number, number>();
      const add = (cell: number, p: number): void => {
        prob.set(cell, (prob.get(cell) ?? 0) + p);
      };
      // x part
      if (cx[opp] === cx[rob]) {
        add(neighbour[opp * 4 + 1], 0.2);
        add(neighbour[opp * 4 + 3], 0.2);
      } else {
        add(neighbour[opp * 4 + (cx[opp] > cx[rob] ? 1 : 3)], 0.4);
      }
      // y part
      if (cy[opp] === cy[rob]) {
        add(neighbour[opp * 4 + 0], 0.2);
        add(neighbour[opp * 4 + 2], 0.2);
      } else {
        add(neighbour[opp * 4 + (cy[opp] > cy[rob] ? 0 : 2)], 0.4);
      }
      add(opp, 0.2);
      const cells = [...prob.keys()].sort((a, b) => a - b);
      let cum = 0;
      cells.forEach((c, j) => {
        cum += prob.get(c) as number;
        oppCell[s * 5 + j] = c;
        oppProb[s * 5 + j] = prob.get(c) as number;
        oppCum[s * 5 + j] = j === cells.length - 1 ? 1 : cum;
      });
      oppCount[s] = cells.length;
    }
  }
  // MDP value iteration (fully observable Tag)
  const V = new Float64Array(S);
  const policy = new Int32Array(S);
  for (let iter = 0; mdp && iter < 10000; iter++) {
    let delta = 0;
    for (let s = 0; s < S; s++) {
      const rob = (s / n) | 0;
      const opp = s - rob * n;
      let best = -Infinity;
      let bestA = 0;
      for (let a = 0; a < 5; a++) {
        let q: number;
        if (a === TAG_ACTION && rob === opp) {
          q = 10;
        } else {
          const r = a === TAG_ACTION ? -10 : -1;
          const rob2 = a === TAG_ACTION ? rob : neighbour[rob * 4 + a];
          let ev = 0;
          for (let j = 0; j < oppCount[s]; j++) ev += oppProb[s * 5 + j] * V[rob2 * n + oppCell[s * 5 + j]];
          q = r + gamma * ev;
        }
        if (q > best) {
          best = q;
          bestA = a;
        }
      }
      delta += Math.abs(best - V[s]);
      V[s] = best;
      policy[s] = bestA;
    }
    if (delta < 1e-6) break;
  }
  const sp = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    const rob = (s / n) | 0;
    const opp = s - rob * n;
    const dd = map.dist[rob * n + opp];
    const g = dd < 0 ? 0 : Math.pow(gamma, dd);
    sp[s] = -(1 - g) / (1 - gamma) + 10 * g;
  }
  return { map, oppCell, oppCum, oppCount, oppProb, policy, mdpValue: V, sp };
}

/** The action names of Tag and LaserTag: four moves and tag. */
const TAG_ACTION_NAMES = ['north', 'east', 'south', 'west', 'tag'];

/**
 * What Tag and LaserTag share: the five actions, rewards in [-10, 10] (moving
 * costs 1, the safe action), and a uniform start over all `S` states.
 */
export function tagFamilyBasics(name: string, gamma: number, S: number): Pick<PomdpModel<number>, 'name' | 'numActions' | 'discount' | 'numStates' | 'safeAction' | 'maxReward' | 'minReward' | 'initialParticles' | 'sampleInitialState' | 'actionName'> {
  return {
    name,
    numActions: 5,
    discount: gamma,
    numStates: S,
    safeAction: { action: 0, value: -1 },
    maxReward: 10,
    minReward: -10,
    initialParticles() {
      const states: number[] = [];
      for (let s = 0; s < S; s++) states.push(s);
      return { states, weights: states.map(() => 1) };
    },
    sampleInitialState(rng: Rng): number {
      return rng.int(S);
    },
    actionName: (a) => TAG_ACTION_NAMES[a] ?? `a${a}`,
  };
}

const cache = new Map<string, TagTables>();

export interface TagOptions {
  discount?: number;
}

export function createTag(options: TagOptions = {}): PomdpModel<number> {
  const gamma = options.discount ?? 0.95;
  let tables = cache.get(String(gamma));
  if (!tables) {
    tables = buildTagTables(buildTagMap(), gamma);
    cache.set(String(gamma), tables);
  }
  const { map, policy, sp } = tables;
  const n = map.numCells;
  const S = n * n;
  const same = n; // observation "same cell"
  const out: StepOutcome<number> = { state: 0, reward: 0, observation: 0, terminal: false };
  const counts = new Int32Array(S);
  const touched = new Int32Array(S);

  function modeMdp(states: readonly number[]): number {
    // weighted mode (all scenario weights are equal inside DESPOT)
    let mode = states[0];
    let best = 0;
    let nt = 0;
    for (let i = 0; i < states.length; i++) {
      const s = states[i];
      if (counts[s] === 0) touched[nt++] = s;
      const c = ++counts[s];
      if (c > best) {
        best = c;
        mode = s;
      }
    }
    for (let i = 0; i < nt; i++) counts[touched[i]] = 0;
    return policy[mode];
  }

  return {
    ...tagFamilyBasics('tag', gamma, S),
    step(state: number, random: number, action: number): StepOutcome<number> {
      const rob2 = tagRobotStep(out, map, state, action, same);
      if (rob2 < 0) return out;
      const opp2 = drawOpponent(tables, state, random);
      out.state = rob2 * n + opp2;
      out.observation = rob2 === opp2 ? same : rob2;
      out.terminal = false;
      return out;
    },
    obsProb(obs: Obs, next: number): number {
      const rob = (next / n) | 0;
      const opp = next - rob * n;
      return obs === (rob === opp ? same : rob) ? 1 : 0;
    },
    defaultPolicy: modeMdp,
    particleUpperBound: (s: number) => sp[s],
    rolloutAction: (s: number) => policy[s],
    stateIndex: (s: number) => s,
    observationName: (o) => (o === same ? 'same-cell' : `robot@${String(o)}`),
    stateName: (s) => {
      const rob = (s / n) | 0;
      const opp = s - rob * n;
      return `rob(${map.cx[rob]},${map.cy[rob]}) opp(${map.cx[opp]},${map.cy[opp]})`;
    },
  };
}

/** Tables for tests and diagnostics (opponent distribution, MDP policy, SP bound). */
export function tagTables(discount = 0.95): TagTables {
  createTag({ discount });
  return cache.get(String(discount)) as TagTables;
}
