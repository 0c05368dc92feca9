/**
 * LaserTag (Somani, Ye, Hsu, Lee, NIPS 2013 — the DESPOT paper's laser
 * variant of Tag) as the reference defines it (tag/src/laser_tag): Tag's
 * dynamics and rewards on a 7×11 grid with 8 random obstacles (drawn from the
 * episode seed), observation = "same cell" or 8 laser beams (N,E,S,W,NE,SE,SW,NW)
 * whose readings r ∈ {0..⌈d⌉−1} have P(r) = 2[Φ(min(d,r+1)−d) − Φ(r−d)],
 * σ = 2.5, d = true range to a wall or the opponent (×√2 on diagonals).
 * One scenario number seeds a small local generator for the opponent move and
 * the 8 beams. Default bounds as the reference: lower = SHR rollouts, upper = SP.
 * Deviation: maps whose free cells are not connected are redrawn.
 */
import { Rng } from '../../core/rng.js';
import type { Obs, PomdpModel, StepOutcome } from '../model.js';
import type { History } from '../history.js';
import { buildTagMap, buildTagTables, drawOpponent, TAG_ACTION, tagFamilyBasics, tagRobotStep, type TagMap } from './tag.js';

const HEIGHT = 7;
const WIDTH = 11;
const OBSTACLES = 8;
const SIGMA = 2.5;
const MAXR = 16;
/** Observation code for "robot and opponent in the same cell" (beams are packed as 8 hex digits below it). */
export const LASERTAG_SAME = 2 ** 32;
const BEAM_DX = [0, 1, 0, -1, 1, 1, -1, -1];
const BEAM_DY = [1, 0, -1, 0, 1, -1, -1, 1];

/** The random 7×11 map with 8 obstacles for a seed (rows y = 0..6, '#' = obstacle). */
export function laserTagRows(seed: number): string[] {
  const rng = new Rng(`lasertag-map:${seed}`);
  for (;;) {
    const blocked = new Set<number>();
    while (blocked.size < OBSTACLES) blocked.add(rng.int(HEIGHT * WIDTH));
    const rows: string[] = [];
    for (let y = 0; y < HEIGHT; y++) {
      let row = '';
      for (let x = 0; x < WIDTH; x++) row += blocked.has(y * WIDTH + x) ? '#' : '.';
      rows.push(row);
    }
    const map = buildTagMap(rows, WIDTH);
    let connected = true;
    for (let c = 0; c < map.numCells && connected; c++) if (map.dist[c] < 0) connected = false;
    if (connected) return rows;
  }
}

function normalCdf(x: number, sigma: number): number {
  return 0.5 * (1 + erf(x / (sigma * Math.SQRT2)));
}

/** erf with |error| < 1.2e-7 (Numerical Recipes erfc, Chebyshev fit). */
function erf(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - r : r - 1;
}

/** True laser range from the robot in beam direction `dir` (cells until a wall/outside or the opponent). */
function laserRange(map: TagMap, cellAt: Int32Array, rob: number, opp: number, dir: number): number {
  let d = 1;
  for (;;) {
    const x = map.cx[rob] + BEAM_DX[dir] * d;
    const y = map.cy[rob] + BEAM_DY[dir] * d;
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) break;
    const c = cellAt[y * WIDTH + x];
    if (c < 0 || c === opp) break;
    d++;
  }
  return d * Math.hypot(BEAM_DX[dir], BEAM_DY[dir]);
}

export interface LaserTagOptions {
  discount?: number;
}

export function createLaserTag(seed: number, options: LaserTagOptions = {}): PomdpModel<number> {
  const gamma = options.discount ?? 0.95;
  const rows = laserTagRows(seed);
  const map = buildTagMap(rows, WIDTH);
  const tables = buildTagTables(map, gamma, false);
  const { sp } = tables;
  const n = map.numCells;
  const S = n * n;
  const neighbour = map.neighbour;
  const cellAt = new Int32Array(HEIGHT * WIDTH).fill(-1);
  for (let c = 0; c < n; c++) cellAt[map.cy[c] * WIDTH + map.cx[c]] = c;
  // reading distributions per (state, beam)
  const nReadings = new Uint8Array(S * 8);
  const prob = new Float64Array(S * 8 * MAXR);
  const cum = new Float64Array(S * 8 * MAXR);
  for (let s = 0; s < S; s++) {
    const rob = (s / n) | 0;
    const opp = s - rob * n;
    if (rob === opp) continue;
    for (let dir = 0; dir < 8; dir++) {
      const dist = laserRange(map, cellAt, rob, opp, dir);
      const base = (s * 8 + dir) * MAXR;
      let acc = 0;
      let r = 0;
      for (; r < dist && r < MAXR; r++) {
        const maxNoise = Math.min(dist, r + 1) - dist;
        const minNoise = r - dist;
        const p = 2 * (normalCdf(maxNoise, SIGMA) - (r > 0 ? normalCdf(minNoise, SIGMA) : 0));
        prob[base + r] = p;
        acc += p;
        cum[base + r] = acc;
      }
      cum[base + r - 1] = 1;
      nReadings[s * 8 + dir] = r;
    }
  }
  const out: StepOutcome<number> = { state: 0, reward: 0, observation: 0, terminal: false };
  const policyRng = new Rng(`lasertag-policy:${seed}`);
  const robCount = new Int32Array(n);

  function mostLikelyRob(states: readonly number[]): number {
    robCount.fill(0);
    let best = 0;
    let rob = (states[0] / n) | 0;
    for (let i = 0; i < states.length; i++) {
      const r = (states[i] / n) | 0;
      const c = ++robCount[r];
      if (c > best) {
        best = c;
        rob = r;
      }
    }
    return rob;
  }

  /** SHR: smart history-based rollout (reference TagSHRPolicy). */
  function shr(states: readonly number[], history: History): number {
    if (history.size === 0) return policyRng.int(4);
    if (history.lastObservation() === LASERTAG_SAME) return TAG_ACTION;
    const rob = mostLikelyRob(states);
    const last = history.lastAction() ?? -1;
    const cands: number[] = [];
    for (let d = 0; d < 4; d++) if (last !== (d + 2) % 4 && neighbour[rob * 4 + d] !== rob) cands.push(d);
    if (cands.length === 0) for (let d = 0; d < 4; d++) if (neighbour[rob * 4 + d] !== rob) cands.push(d);
    if (cands.length === 0) return 0;
    return cands[policyRng.int(cands.length)];
  }

  return {
    ...tagFamilyBasics('lasertag', gamma, S),
    step(state: number, random: number, action: number): StepOutcome<number> {
      const rob2 = tagRobotStep(out, map, state, action, LASERTAG_SAME);
      if (rob2 < 0) return out;
      // local generator seeded by the scenario number (mulberry32)
      let g = Math.floor(random * 4294967296) >>> 0;
      const next = (): number => {
        g = (g + 0x6d2b79f5) | 0;
        let t = Math.imul(g ^ (g >>> 15), 1 | g);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      const opp2 = drawOpponent(tables, state, next());
      const s2 = rob2 * n + opp2;
      out.state = s2;
      out.terminal = false;
      if (rob2 === opp2) {
        out.observation = LASERTAG_SAME;
        return out;
      }
      let obs = 0;
      let mul = 1;
      for (let dir = 0; dir < 8; dir++) {
        const b = (s2 * 8 + dir) * MAXR;
        const k = nReadings[s2 * 8 + dir];
        const v = next();
        let r = 0;
        while (r < k - 1 && cum[b + r] < v) r++;
        obs += r * mul;
        mul *= 16;
      }
      out.observation = obs;
      return out;
    },
    obsProb(obs: Obs, next: number): number {
      const rob = (next / n) | 0;
      const opp = next - rob * n;
      if (rob === opp) return obs === LASERTAG_SAME ? 1 : 0;
      if (typeof obs !== 'number' || obs === LASERTAG_SAME) return 0;
      let p = 1;
      let rest = obs;
      for (let dir = 0; dir < 8; dir++) {
        const r = rest % 16;
        rest = (rest - r) / 16;
        if (r >= nReadings[next * 8 + dir]) return 0;
        p *= prob[(next * 8 + dir) * MAXR + r];
      }
      return p;
    },
    defaultPolicy: shr,
    particleUpperBound: (s: number) => sp[s],
    stateIndex: (s: number) => s,
    observationName: (o) => {
      if (o === LASERTAG_SAME) return 'same-cell';
      const rs: number[] = [];
      let rest = Number(o);
      for (let d = 0; d < 8; d++) {
        rs.push(rest % 16);
        rest = Math.floor(rest / 16);
      }
      return `laser[${rs.join(',')}]`;
    },
    stateName: (s) => {
      const rob = (s / n) | 0;
      const opp = s - rob * n;
      return `rob(${map.cx[rob]},${map.cy[rob]}) opp(${map.cx[opp]},${map.cy[opp]})`;
    },
  };
}
