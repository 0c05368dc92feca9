/**
 * The mutable part of the scene graph: the robot, object–object relations,
 * each object's room (room_inside) and the unary flags. `clone()` is cheap
 * enough to roll a plan forward from the initial graph many times.
 */
import type { Flag, ObjectRelation, RelationFact, RobotState } from './types.js';

const key = (rel: ObjectRelation, a: string, b: string): string => `${rel}\u0000${a}\u0000${b}`;

export class WorldState {
  robot: RobotState;
  private readonly rels: Map<string, RelationFact>;
  private readonly rooms: Map<string, string>;
  private readonly flagSets: Map<string, Set<Flag>>;

  constructor(robot: RobotState, relations: Iterable<RelationFact> = [], rooms: Iterable<[string, string]> = [], flags: Iterable<[string, Iterable<Flag>]> = []) {
    this.robot = { ...robot };
    this.rels = new Map();
    for (const r of relations) this.rels.set(key(r.rel, r.a, r.b), { ...r });
    this.rooms = new Map(rooms);
    this.flagSets = new Map();
    for (const [o, fs] of flags) this.flagSets.set(o, new Set(fs));
  }

  clone(): WorldState {
    const s = new WorldState(this.robot, [], this.rooms, []);
    for (const [k, r] of this.rels) s.rels.set(k, r);
    for (const [o, fs] of this.flagSets) s.flagSets.set(o, new Set(fs));
    return s;
  }

  has(rel: ObjectRelation, a: string, b: string): boolean {
    return this.rels.has(key(rel, a, b));
  }

  add(rel: ObjectRelation, a: string, b: string): void {
    this.rels.set(key(rel, a, b), { rel, a, b });
  }

  remove(rel: ObjectRelation, a: string, b: string): void {
    this.rels.delete(key(rel, a, b));
  }

  relations(): RelationFact[] {
    return [...this.rels.values()];
  }

  /** Targets b of `rel(a, b)`. */
  targets(rel: ObjectRelation, a: string): string[] {
    const out: string[] = [];
    for (const r of this.rels.values()) if (r.rel === rel && r.a === a) out.push(r.b);
    return out;
  }

  /** Subjects a of `rel(a, b)`. */
  subjects(rel: ObjectRelation, b: string): string[] {
    const out: string[] = [];
    for (const r of this.rels.values()) if (r.rel === rel && r.b === b) out.push(r.a);
    return out;
  }

  /** Drops every support relation of `o` (inside, on top, under) and its next_to links. */
  detach(o: string): void {
    for (const [k, r] of this.rels) {
      if (r.a === o && r.rel !== 'next_to') this.rels.delete(k);
      else if (r.rel === 'next_to' && (r.a === o || r.b === o)) this.rels.delete(k);
    }
  }

  roomOf(o: string): string | undefined {
    return this.rooms.get(o);
  }

  /** Moves `o` and everything resting in or on it (transitively) to `room`. */
  setRoom(o: string, room: string): void {
    const stack = [o];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const x = stack.pop() as string;
      if (seen.has(x)) continue;
      seen.add(x);
      this.rooms.set(x, room);
      for (const r of this.rels.values()) if ((r.rel === 'object_inside' || r.rel === 'on_top') && r.b === x) stack.push(r.a);
    }
  }

  roomEntries(): [string, string][] {
    return [...this.rooms.entries()];
  }

  flag(o: string, f: Flag): boolean {
    return this.flagSets.get(o)?.has(f) ?? false;
  }

  setFlag(o: string, f: Flag, on: boolean): void {
    let s = this.flagSets.get(o);
    if (!s) {
      if (!on) return;
      s = new Set();
      this.flagSets.set(o, s);
    }
    if (on) s.add(f);
    else s.delete(f);
  }

  flagsOf(o: string): Flag[] {
    return [...(this.flagSets.get(o) ?? [])];
  }

  /** A canonical string of the whole state (for tests and duplicate detection). */
  fingerprint(): string {
    const rels = [...this.rels.keys()].sort().join('|');
    const rooms = [...this.rooms.entries()].sort().map(([o, r]) => `${o}@${r}`).join('|');
    const flags = [...this.flagSets.entries()]
      .filter(([, s]) => s.size > 0)
      .map(([o, s]) => `${o}:${[...s].sort().join(',')}`)
      .sort()
      .join('|');
    return `${this.robot.room}/${this.robot.near ?? '-'}/${this.robot.holding ?? '-'}#${rels}#${rooms}#${flags}`;
  }
}
