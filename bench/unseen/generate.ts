/**
 * Instances in the shape of three IPC domains none of the shared sets holds
 * (issue 24's held-out coverage): transport (sat08: trucks with capacity
 * levels, roads with lengths as action costs), maintenance (sat14: `workat`
 * with a forall/when conditional effect over all planes) and hiking (sat14:
 * couples, tents and cars, `walk_together` with six parameters, negative
 * preconditions and equality). The domain files are written from the
 * published shapes of those domains; the problems come from a seeded `Rng`,
 * sized like the small-to-middle IPC instances. Used to profile where
 * `plan` spends its time on domains nobody tuned for (docs/planner.md).
 *
 *   npx tsx bench/unseen/generate.ts [OUT_DIR]   (default bench/unseen/out; one folder per domain)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../../src/core/rng.js';

const TRANSPORT = `(define (domain transport)
  (:requirements :typing :action-costs)
  (:types location target locatable - object vehicle package - locatable capacity-number - object)
  (:predicates (road ?l1 ?l2 - location) (at ?x - locatable ?v - location) (in ?x - package ?v - vehicle)
    (capacity ?v - vehicle ?s1 - capacity-number) (capacity-predecessor ?s1 ?s2 - capacity-number))
  (:functions (road-length ?l1 ?l2 - location) - number (total-cost) - number)
  (:action drive :parameters (?v - vehicle ?l1 ?l2 - location)
    :precondition (and (at ?v ?l1) (road ?l1 ?l2))
    :effect (and (not (at ?v ?l1)) (at ?v ?l2) (increase (total-cost) (road-length ?l1 ?l2))))
  (:action pick-up :parameters (?v - vehicle ?l - location ?p - package ?s1 ?s2 - capacity-number)
    :precondition (and (at ?v ?l) (at ?p ?l) (capacity-predecessor ?s1 ?s2) (capacity ?v ?s2))
    :effect (and (not (at ?p ?l)) (in ?p ?v) (capacity ?v ?s1) (not (capacity ?v ?s2)) (increase (total-cost) 1)))
  (:action drop :parameters (?v - vehicle ?l - location ?p - package ?s1 ?s2 - capacity-number)
    :precondition (and (at ?v ?l) (in ?p ?v) (capacity-predecessor ?s1 ?s2) (capacity ?v ?s1))
    :effect (and (not (in ?p ?v)) (at ?p ?l) (capacity ?v ?s2) (not (capacity ?v ?s1)) (increase (total-cost) 1))))
`;

const MAINTENANCE = `(define (domain maintenance-scheduling-domain)
  (:requirements :adl :typing :conditional-effects)
  (:types plane day airport)
  (:predicates (done ?p - plane) (today ?d - day) (at ?p - plane ?d - day ?c - airport))
  (:action workat
    :parameters (?day - day ?airport - airport)
    :precondition (today ?day)
    :effect (and (not (today ?day))
                 (forall (?plane - plane) (when (at ?plane ?day ?airport) (done ?plane))))))
`;

const HIKING = `(define (domain hiking)
  (:requirements :strips :equality :typing :negative-preconditions)
  (:types car tent person couple place)
  (:predicates (at_tent ?x1 - tent ?x2 - place) (at_person ?x1 - person ?x2 - place) (at_car ?x1 - car ?x2 - place)
    (partners ?x1 - couple ?x2 - person ?x3 - person) (up ?x1 - tent) (down ?x1 - tent)
    (walked ?x1 - couple ?x2 - place) (next ?x1 - place ?x2 - place))
  (:action put_down :parameters (?x1 - person ?x2 - place ?x3 - tent)
    :precondition (and (at_person ?x1 ?x2) (at_tent ?x3 ?x2) (up ?x3))
    :effect (and (down ?x3) (not (up ?x3))))
  (:action put_up :parameters (?x1 - person ?x2 - place ?x3 - tent)
    :precondition (and (at_person ?x1 ?x2) (at_tent ?x3 ?x2) (down ?x3))
    :effect (and (up ?x3) (not (down ?x3))))
  (:action drive_passenger :parameters (?x1 - person ?x2 - place ?x3 - place ?x4 - car ?x5 - person)
    :precondition (and (at_person ?x1 ?x2) (at_car ?x4 ?x2) (at_person ?x5 ?x2) (not (= ?x1 ?x5)))
    :effect (and (at_person ?x1 ?x3) (not (at_person ?x1 ?x2)) (at_car ?x4 ?x3) (not (at_car ?x4 ?x2))
                 (at_person ?x5 ?x3) (not (at_person ?x5 ?x2))))
  (:action drive :parameters (?x1 - person ?x2 - place ?x3 - place ?x4 - car)
    :precondition (and (at_person ?x1 ?x2) (at_car ?x4 ?x2))
    :effect (and (at_person ?x1 ?x3) (not (at_person ?x1 ?x2)) (at_car ?x4 ?x3) (not (at_car ?x4 ?x2))))
  (:action drive_tent :parameters (?x1 - person ?x2 - place ?x3 - place ?x4 - car ?x5 - tent)
    :precondition (and (at_person ?x1 ?x2) (at_car ?x4 ?x2) (at_tent ?x5 ?x2) (down ?x5))
    :effect (and (at_person ?x1 ?x3) (not (at_person ?x1 ?x2)) (at_car ?x4 ?x3) (not (at_car ?x4 ?x2))
                 (at_tent ?x5 ?x3) (not (at_tent ?x5 ?x2))))
  (:action drive_tent_passenger :parameters (?x1 - person ?x2 - place ?x3 - place ?x4 - car ?x5 - tent ?x6 - person)
    :precondition (and (at_person ?x1 ?x2) (at_car ?x4 ?x2) (at_tent ?x5 ?x2) (down ?x5) (at_person ?x6 ?x2) (not (= ?x1 ?x6)))
    :effect (and (at_person ?x1 ?x3) (not (at_person ?x1 ?x2)) (at_car ?x4 ?x3) (not (at_car ?x4 ?x2))
                 (at_tent ?x5 ?x3) (not (at_tent ?x5 ?x2)) (at_person ?x6 ?x3) (not (at_person ?x6 ?x2))))
  (:action walk_together :parameters (?x1 - tent ?x2 - place ?x3 - person ?x4 - place ?x5 - person ?x6 - couple)
    :precondition (and (at_tent ?x1 ?x2) (up ?x1) (at_person ?x3 ?x4) (next ?x4 ?x2) (at_person ?x5 ?x4)
                       (not (= ?x3 ?x5)) (walked ?x6 ?x4) (partners ?x6 ?x3 ?x5))
    :effect (and (at_person ?x3 ?x2) (not (at_person ?x3 ?x4)) (at_person ?x5 ?x2) (not (at_person ?x5 ?x4))
                 (walked ?x6 ?x2) (not (walked ?x6 ?x4)))))
`;

const names = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const problem = (name: string, domain: string, objects: string, init: string[], goal: string[], metric = ''): string =>
  `(define (problem ${name}) (:domain ${domain})\n  (:objects ${objects})\n  (:init\n    ${init.join('\n    ')})\n  (:goal (and\n    ${goal.join('\n    ')}))${metric})\n`;

/** Transport: a random geometric road graph (connected), trucks with capacity 2–4, packages to random places. */
function transport(rng: Rng, nodes: number, trucks: number, packages: number, name: string): string {
  const locs = names('city-loc-', nodes);
  const xy = locs.map(() => [rng.int(100), rng.int(100)]);
  const dist = (a: number, b: number): number => Math.max(1, Math.round(Math.hypot(xy[a][0] - xy[b][0], xy[a][1] - xy[b][1]) / 2));
  const edges = new Set<string>();
  for (let i = 1; i < nodes; i++) edges.add(`${rng.int(i)} ${i}`); // a random spanning tree
  for (let i = 0; i < nodes; i++) for (let j = i + 1; j < nodes; j++) if (dist(i, j) < 18) edges.add(`${i} ${j}`);
  const maxCap = 4;
  const caps = names('capacity-', maxCap + 1).map((_, i) => `capacity-${i}`);
  const init: string[] = [];
  for (let i = 0; i < maxCap; i++) init.push(`(capacity-predecessor ${caps[i]} ${caps[i + 1]})`);
  for (const e of edges) {
    const [a, b] = e.split(' ').map(Number);
    for (const [u, v] of [[a, b], [b, a]]) init.push(`(road ${locs[u]} ${locs[v]})`, `(= (road-length ${locs[u]} ${locs[v]}) ${dist(u, v)})`);
  }
  const ts = names('truck-', trucks);
  const ps = names('package-', packages);
  for (const t of ts) init.push(`(at ${t} ${locs[rng.int(nodes)]})`, `(capacity ${t} ${caps[2 + rng.int(maxCap - 1)]})`);
  const goal: string[] = [];
  for (const p of ps) {
    const from = rng.int(nodes);
    let to = rng.int(nodes);
    if (to === from) to = (to + 1) % nodes;
    init.push(`(at ${p} ${locs[from]})`);
    goal.push(`(at ${p} ${locs[to]})`);
  }
  init.push('(= (total-cost) 0)');
  const objects = `${locs.join(' ')} - location ${ts.join(' ')} - vehicle ${ps.join(' ')} - package ${caps.join(' ')} - capacity-number`;
  return problem(name, 'transport', objects, init, goal, '\n  (:metric minimize (total-cost))');
}

/**
 * Maintenance: each plane is at some airport on a few random days; every day is usable once.
 * Solvable by construction: a hidden schedule picks one airport per day, and every plane's
 * first visit agrees with it.
 */
function maintenance(rng: Rng, days: number, airports: number, planes: number, visits: number, name: string): string {
  const ds = names('day', days);
  const as = names('ap', airports);
  const ps = names('plane', planes);
  const schedule = ds.map(() => rng.int(airports));
  const init = ds.map((d) => `(today ${d})`);
  for (const p of ps) {
    const used = new Set<number>();
    for (let k = 0; k < visits; k++) {
      const d = rng.int(days);
      if (used.has(d)) continue;
      used.add(d);
      init.push(`(at ${p} ${ds[d]} ${as[k === 0 ? schedule[d] : rng.int(airports)]})`);
    }
  }
  return problem(name, 'maintenance-scheduling-domain', `${ds.join(' ')} - day ${as.join(' ')} - airport ${ps.join(' ')} - plane`, init, ps.map((p) => `(done ${p})`));
}

/** Hiking: couples walk a chain of places together; tents and cars start at the first place. */
function hiking(couples: number, cars: number, places: number, name: string): string {
  const cs = names('couple', couples);
  const ts = names('tent', couples);
  const ks = names('car', cars);
  const pl = names('place', places);
  const persons: string[] = [];
  const init: string[] = [];
  cs.forEach((c, i) => {
    const a = `guy${i + 1}`;
    const b = `girl${i + 1}`;
    persons.push(a, b);
    init.push(`(partners ${c} ${a} ${b})`, `(at_person ${a} ${pl[0]})`, `(at_person ${b} ${pl[0]})`, `(walked ${c} ${pl[0]})`);
  });
  for (const t of ts) init.push(`(at_tent ${t} ${pl[0]})`, `(down ${t})`);
  for (const k of ks) init.push(`(at_car ${k} ${pl[0]})`);
  for (let i = 0; i + 1 < places; i++) init.push(`(next ${pl[i]} ${pl[i + 1]})`);
  const objects = `${ks.join(' ')} - car ${ts.join(' ')} - tent ${cs.join(' ')} - couple ${pl.join(' ')} - place ${persons.join(' ')} - person`;
  return problem(name, 'hiking', objects, init, cs.map((c) => `(walked ${c} ${pl[places - 1]})`));
}

const out = process.argv[2] ?? 'bench/unseen/out';
const rng = new Rng('unseen-domains');
const write = (domain: string, text: string, problems: [string, string][]): void => {
  const dir = join(out, domain);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'domain.pddl'), text);
  for (const [file, body] of problems) writeFileSync(join(dir, file), body);
};
const pad = (i: number): string => String(i + 1).padStart(2, '0');
write('transport', TRANSPORT, Array.from({ length: 10 }, (_, i) => [`p${pad(i)}.pddl`, transport(rng, 10 + 5 * i, 2 + Math.floor(i / 3), 4 + 2 * i, `transport-p${pad(i)}`)]));
write('maintenance', MAINTENANCE, Array.from({ length: 6 }, (_, i) => [`p${pad(i)}.pddl`, maintenance(rng, 10 + 10 * i, 3, 30 + 30 * i, 5, `maintenance-p${pad(i)}`)]));
write('hiking', HIKING, Array.from({ length: 10 }, (_, i) => [`p${pad(i)}.pddl`, hiking(1 + Math.floor(i / 2), 2 + (i % 3 === 2 ? 1 : 0), 3 + i, `hiking-p${pad(i)}`)]));
