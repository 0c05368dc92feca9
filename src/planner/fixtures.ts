/**
 * Small hand-built ground tasks (gripper, blocksworld, a conditional-effect
 * task) for tests and examples.
 */
import { buildStrips, type StripsOperatorSpec } from './strips-builder.js';
import type { GroundTask } from './task.js';

/** Gripper with two rooms, two grippers and `balls` balls, all starting in room a, goal: all in room b. */
export function gripperTask(balls: number): GroundTask {
  const rooms = ['a', 'b'];
  const grippers = ['left', 'right'];
  const ops: StripsOperatorSpec[] = [];
  for (const from of rooms) for (const to of rooms) if (from !== to) ops.push({ name: `(move ${from} ${to})`, pre: [`at-robby ${from}`], add: [`at-robby ${to}`], del: [`at-robby ${from}`] });
  for (let i = 0; i < balls; i++) {
    for (const r of rooms) {
      for (const g of grippers) {
        ops.push({ name: `(pick ball${i} ${r} ${g})`, pre: [`at ball${i} ${r}`, `at-robby ${r}`, `free ${g}`], add: [`carry ball${i} ${g}`], del: [`at ball${i} ${r}`, `free ${g}`] });
        ops.push({ name: `(drop ball${i} ${r} ${g})`, pre: [`carry ball${i} ${g}`, `at-robby ${r}`], add: [`at ball${i} ${r}`, `free ${g}`], del: [`carry ball${i} ${g}`] });
      }
    }
  }
  const init = ['at-robby a', 'free left', 'free right'];
  for (let i = 0; i < balls; i++) init.push(`at ball${i} a`);
  return buildStrips({ init, goal: Array.from({ length: balls }, (_, i) => `at ball${i} b`), operators: ops });
}

/** Blocksworld (4-operator version): initial towers and goal towers, bottom first. */
export function blocksTask(initTowers: string[][], goalTowers: string[][]): GroundTask {
  const blocks = initTowers.flat();
  const ops: StripsOperatorSpec[] = [];
  for (const x of blocks) {
    ops.push({ name: `(pick-up ${x})`, pre: [`clear ${x}`, `ontable ${x}`, 'handempty'], add: [`holding ${x}`], del: [`clear ${x}`, `ontable ${x}`, 'handempty'] });
    ops.push({ name: `(put-down ${x})`, pre: [`holding ${x}`], add: [`clear ${x}`, `ontable ${x}`, 'handempty'], del: [`holding ${x}`] });
    for (const y of blocks) {
      if (x === y) continue;
      ops.push({ name: `(stack ${x} ${y})`, pre: [`holding ${x}`, `clear ${y}`], add: [`on ${x} ${y}`, `clear ${x}`, 'handempty'], del: [`holding ${x}`, `clear ${y}`] });
      ops.push({ name: `(unstack ${x} ${y})`, pre: [`on ${x} ${y}`, `clear ${x}`, 'handempty'], add: [`holding ${x}`, `clear ${y}`], del: [`on ${x} ${y}`, `clear ${x}`, 'handempty'] });
    }
  }
  const tower = (t: string[]): string[] => t.map((b, i) => (i === 0 ? `ontable ${b}` : `on ${b} ${t[i - 1]}`));
  const init = ['handempty', ...initTowers.flatMap(tower), ...initTowers.map((t) => `clear ${t[t.length - 1]}`)];
  const goal = goalTowers.flatMap((t) => tower(t));
  return buildStrips({ init, goal, operators: ops });
}

/**
 * A conditional-effect task: a "toggle" switches a lamp's state on each use
 * (when on → off, when off → on); the goal is both lamps on and the door open,
 * and the door opens only while lamp 1 is off.
 */
export function lampsTask(): GroundTask {
  const ops: StripsOperatorSpec[] = [1, 2].map((i) => ({
    name: `(toggle lamp${i})`,
    when: [
      { if: [`on ${i}`], del: [`on ${i}`], add: [`off ${i}`] },
      { if: [`off ${i}`], del: [`off ${i}`], add: [`on ${i}`] },
    ],
  }));
  ops.push({ name: '(open door)', pre: ['off 1'], preNeg: ['open'], add: ['open'] });
  return buildStrips({ init: ['on 1', 'off 2'], goal: ['on 1', 'on 2', 'open'], operators: ops });
}
