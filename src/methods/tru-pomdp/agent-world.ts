/**
 * The agent's open-ended vocabulary (Tru-POMDP §3: objects are open-class and
 * may be unknown). The agent interns every object it has seen plus every
 * object an LLM hypothesised; a hypothesised object that was never seen is a
 * *placeholder* under a plain name (`milk_carton`), bound to the real object
 * the first time one of that type (`milk_carton_3`) comes into view. Objects
 * a particle does not model are `ABSENT` in it (neither seen nor hypothesised).
 */
import { GroundplanError } from '../../core/errors.js';
import {
  EMPTY_HAND,
  HIDDEN,
  IN_HAND,
  makeWorld,
  type GoalAlternative,
  type KitchenLayout,
  type KitchenObservation,
  type KitchenState,
  type KitchenWorld,
  type NamedObservation,
} from '../../envs/kitchen/index.js';

/** `objectArea` value of an object a particle does not contain. */
export const ABSENT = -3;

/** One particle: a hypothesised full scene and the placement goal p_s it pursues. */
export interface Particle {
  readonly state: KitchenState;
  readonly goal: GoalAlternative;
}

/** The type of an object name: `milk_carton_3` → `milk_carton`. */
export function baseName(name: string): string {
  return name.replace(/_\d+$/, '');
}

export function hasSuffix(name: string): boolean {
  return /_\d+$/.test(name);
}

export class AgentWorld {
  readonly layout: KitchenLayout;
  private names: string[] = [];
  private index = new Map<string, number>();
  /** True for placeholders (hypothesised, not yet seen). */
  private placeholder: boolean[] = [];
  private cached: KitchenWorld | null = null;

  constructor(layout: KitchenLayout) {
    this.layout = layout;
  }

  get size(): number {
    return this.names.length;
  }

  get world(): KitchenWorld {
    if (!this.cached) this.cached = makeWorld(this.layout, this.names);
    return this.cached;
  }

  name(o: number): string {
    return this.names[o];
  }

  isPlaceholder(o: number): boolean {
    return this.placeholder[o] === true;
  }

  lookup(name: string): number | undefined {
    return this.index.get(name);
  }

  private add(name: string, isPlaceholder: boolean): number {
    const i = this.names.length;
    this.names.push(name);
    this.placeholder.push(isPlaceholder);
    this.index.set(name, i);
    this.cached = null;
    return i;
  }

  /** An object seen in an observation: known, or binds a placeholder of its type, or new. */
  observed(name: string): number {
    const known = this.index.get(name);
    if (known !== undefined) return known;
    const base = baseName(name);
    for (let i = 0; i < this.names.length; i++) {
      if (this.placeholder[i] && this.names[i] === base) {
        this.index.delete(base);
        this.names[i] = name;
        this.placeholder[i] = false;
        this.index.set(name, i);
        this.cached = null;
        return i;
      }
    }
    return this.add(name, false);
  }

  /**
   * An object named in an LLM hypothesis. `visible` are the names in view: a
   * plain type name that matches a visible object of that type refers to it.
   * Returns undefined for a numbered name that is not a known object (an
   * unseen object's number cannot be known).
   */
  hypothesised(name: string, visible: readonly string[]): number | undefined {
    const known = this.index.get(name);
    if (known !== undefined) return known;
    if (hasSuffix(name)) return undefined;
    const match = visible.find((v) => baseName(v) === name);
    if (match !== undefined) return this.index.get(match);
    return this.add(name, true);
  }

  /** The agent-side observation over the current vocabulary (objects not in view are HIDDEN). */
  observation(z: NamedObservation): KitchenObservation {
    for (const o of z.objects) this.observed(o.object);
    if (z.inHand) this.observed(z.inHand);
    const areaOf = (a: string): number => {
      const i = this.layout.areaIndex.get(a);
      if (i === undefined) throw new GroundplanError('TRU_OBS', `observation names unknown area '${a}'`);
      return i;
    };
    const open = new Uint8Array(this.layout.areas.length);
    for (const a of z.openAreas) open[areaOf(a)] = 1;
    const seen = new Int16Array(this.names.length).fill(HIDDEN);
    for (const o of z.objects) seen[this.index.get(o.object) as number] = areaOf(o.area);
    const hand = z.inHand ? (this.index.get(z.inHand) as number) : EMPTY_HAND;
    if (hand >= 0) seen[hand] = IN_HAND;
    return { robot: areaOf(z.robotAt), hand, open, seen };
  }

  /** Pad a state to the current vocabulary (new objects ABSENT). */
  pad(s: KitchenState): KitchenState {
    const n = this.names.length;
    if (s.objectArea.length === n) return s;
    const objectArea = new Int16Array(n).fill(ABSENT);
    objectArea.set(s.objectArea.subarray(0, Math.min(n, s.objectArea.length)));
    return { robot: s.robot, hand: s.hand, open: s.open, objectArea };
  }

  /** The state every particle shares: what is in view; everything else ABSENT. */
  baseState(z: KitchenObservation): KitchenState {
    const objectArea = new Int16Array(this.names.length).fill(ABSENT);
    for (let o = 0; o < z.seen.length; o++) if (z.seen[o] !== HIDDEN) objectArea[o] = z.seen[o];
    return { robot: z.robot, hand: z.hand, open: z.open.slice(), objectArea };
  }
}

/** What a particle would see (ABSENT and closed-area objects are HIDDEN). */
export function visibleOf(s: KitchenState, o: number): number {
  const a = s.objectArea[o];
  if (a === IN_HAND) return IN_HAND;
  if (a < 0) return HIDDEN;
  return s.open[a] ? a : HIDDEN;
}

/** Canonical key of what a particle sees (for logs and tests; the search uses `particleObsHash`). */
export function particleObsKey(s: KitchenState): string {
  let k = `${s.robot}|${s.hand}|`;
  for (let i = 0; i < s.open.length; i++) k += s.open[i] ? '1' : '0';
  k += '|';
  for (let o = 0; o < s.objectArea.length; o++) {
    const v = visibleOf(s, o);
    if (v !== HIDDEN) k += `${o}:${v},`;
  }
  return k;
}

/**
 * A 52-bit hash of what a particle sees (the search's observation id):
 * two FNV-1a style 26-bit lanes over robot, hand, open flags and visible
 * placements. Equal views hash equal; distinct views collide with
 * probability ~2^-52 per pair (a collision would only merge two branches).
 */
export function particleObsHash(s: KitchenState): number {
  // the two lanes are inlined (a closure here allocated a context per call; same values)
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x01000193 | 0;
  h1 = Math.imul(h1 ^ s.robot, 0x01000193);
  h2 = Math.imul(h2 ^ (s.robot + 0x9e3779b9), 0x85ebca6b);
  const hand = s.hand + 7;
  h1 = Math.imul(h1 ^ hand, 0x01000193);
  h2 = Math.imul(h2 ^ (hand + 0x9e3779b9), 0x85ebca6b);
  const open = s.open;
  let word = 0;
  for (let i = 0; i < open.length; i++) {
    word = (word << 1) | open[i];
    if ((i & 15) === 15) {
      h1 = Math.imul(h1 ^ word, 0x01000193);
      h2 = Math.imul(h2 ^ (word + 0x9e3779b9), 0x85ebca6b);
      word = 0;
    }
  }
  h1 = Math.imul(h1 ^ word, 0x01000193);
  h2 = Math.imul(h2 ^ (word + 0x9e3779b9), 0x85ebca6b);
  const oa = s.objectArea;
  for (let o = 0; o < oa.length; o++) {
    const a = oa[o];
    const v = a === IN_HAND ? IN_HAND : a < 0 ? HIDDEN : open[a] ? a : HIDDEN;
    if (v !== HIDDEN) {
      const x = (o << 8) ^ (v + 3);
      h1 = Math.imul(h1 ^ x, 0x01000193);
      h2 = Math.imul(h2 ^ (x + 0x9e3779b9), 0x85ebca6b);
    }
  }
  return (h1 >>> 6) * 67108864 + (h2 >>> 6);
}

/**
 * Bayesian elimination step for one particle (deterministic, noise-free
 * observations): undefined when the particle's visible scene contradicts `z`;
 * otherwise the particle's state, with objects it did not model placed where
 * they were just seen (an unmodelled object is unconstrained, so its
 * appearance contradicts nothing).
 */
export function reconcile(s: KitchenState, z: KitchenObservation): KitchenState | undefined {
  if (s.robot !== z.robot || s.hand !== z.hand) return undefined;
  for (let a = 0; a < z.open.length; a++) if (s.open[a] !== z.open[a]) return undefined;
  let adopted: Int16Array | null = null;
  for (let o = 0; o < z.seen.length; o++) {
    const p = o < s.objectArea.length ? s.objectArea[o] : ABSENT;
    const r = z.seen[o];
    if (p === ABSENT) {
      if (r !== HIDDEN) {
        if (!adopted) adopted = s.objectArea.slice();
        adopted[o] = r;
      }
      continue;
    }
    const v = p === IN_HAND ? IN_HAND : s.open[p] ? p : HIDDEN;
    if (v !== r) return undefined;
  }
  return adopted ? { robot: s.robot, hand: s.hand, open: s.open, objectArea: adopted } : s;
}
