/**
 * `groundplan kitchen gen|show`: the Tru-POMDP kitchen rearrangement
 * environment. `gen` writes procedurally generated, solvability-checked task
 * files; `show` prints a task's scene (areas open/closed with their objects)
 * and its goal set, or a bare layout with navigation costs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Table from 'cli-table3';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import {
  KITCHEN_LEVELS,
  KITCHEN_NAMES,
  STEP_LIMITS,
  didYouMean,
  formatAction,
  generateTasks,
  isKitchenName,
  loadLayout,
  loadTask,
  navCost,
  planFullyObserved,
  taskToJson,
  type KitchenLevel,
  type KitchenName,
  type KitchenTask,
} from '../../envs/kitchen/index.js';
import { registerKitchenRun } from './kitchen-run.js';
import { colorsAllowed } from '../terminal.js';

interface GenOptions {
  kitchen: string;
  level: string;
  n: string;
  seed: string;
  out?: string;
  json?: boolean;
}

interface ShowOptions {
  task?: string;
  kitchen?: string;
  json?: boolean;
}

function table(head: string[]): Table.Table {
  return new Table({ head, style: colorsAllowed(process.stdout) ? {} : { head: [], border: [] } });
}

function parseList<T extends string>(value: string, known: readonly T[], what: string): T[] {
  if (value === 'all') return [...known];
  return value.split(',').map((v) => {
    const s = v.trim();
    if (!(known as readonly string[]).includes(s)) {
      throw new InputError('CLI_OPTION', `--${what}: unknown ${what} '${s}'${didYouMean(s, known)} (known: ${known.join(', ')}, or all)`);
    }
    return s as T;
  });
}

function parseInteger(value: string, option: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InputError('CLI_OPTION', `${option}: expected an integer ≥ ${min}, got '${value}'`);
  return n;
}

function hiddenTargets(t: KitchenTask): number {
  const targets = new Set(t.goals.flatMap((g) => g.map((p) => p.object)));
  return [...targets].filter((o) => t.initial.objectArea[o] >= 0 && !t.initial.open[t.initial.objectArea[o]]).length;
}

function runGen(opts: GenOptions): void {
  const kitchens = parseList<KitchenName>(opts.kitchen, KITCHEN_NAMES, 'kitchen');
  const levels = parseList<KitchenLevel>(opts.level, KITCHEN_LEVELS, 'level');
  const n = parseInteger(opts.n, '--n', 1);
  const seed = parseInteger(opts.seed, '--seed', 0);
  const rows: Array<Record<string, unknown>> = [];
  const t = table(['task', 'targets', 'objects', 'hidden targets', 'alternatives', 'oracle steps', 'oracle cost', 'themes']);
  for (const kitchen of kitchens) {
    for (const level of levels) {
      const tasks = generateTasks({ kitchen, level, n, seed });
      if (opts.out) mkdirSync(opts.out, { recursive: true });
      for (const task of tasks) {
        let file: string | undefined;
        if (opts.out) {
          file = join(opts.out, `${task.id}.json`);
          writeFileSync(file, `${JSON.stringify(taskToJson(task), null, 2)}\n`);
        }
        const row = {
          id: task.id,
          kitchen,
          level,
          targets: task.targets,
          objects: task.world.objects.length,
          hiddenTargets: hiddenTargets(task),
          alternatives: task.goals.length,
          oracleSteps: task.witness.steps,
          oracleCost: task.witness.cost,
          stepLimit: STEP_LIMITS[level],
          themes: task.themes,
          attempts: task.attempts,
          ...(file ? { file } : {}),
        };
        rows.push(row);
        t.push([task.id, row.targets, row.objects, row.hiddenTargets, row.alternatives, `${row.oracleSteps}/${row.stepLimit}`, row.oracleCost, task.themes.join('+')]);
      }
    }
  }
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${t.toString()}\n`);
  const where = opts.out ? ` written to ${opts.out}` : ' (not written: pass --out DIR)';
  process.stdout.write(`${rows.length} tasks${where}; each certified solvable by a fully observed greedy plan within its step limit\n`);
}

function showLayout(name: KitchenName, json: boolean): void {
  const layout = loadLayout(name);
  if (json) {
    const areas = layout.areas.map((a, i) => ({ area: a, pose: layout.poses[layout.areaPose[i]], furniture: layout.areaFurniture[i], open: layout.initiallyOpen[i] === 1 }));
    const dist = layout.areas.map((_, i) => layout.areas.map((__, j) => navCost(layout, i, j)));
    process.stdout.write(`${JSON.stringify({ kitchen: name, areas, dist, maxDist: layout.maxDist }, null, 2)}\n`);
    return;
  }
  const open = [...layout.initiallyOpen].filter((x) => x === 1).length;
  process.stdout.write(`kitchen ${name}: ${layout.areas.length} areas (${open} open, ${layout.areas.length - open} closed), max navigation cost ${layout.maxDist}\n`);
  const byPose = new Map<number, number[]>();
  layout.areas.forEach((_, i) => byPose.set(layout.areaPose[i], [...(byPose.get(layout.areaPose[i]) ?? []), i]));
  const first = [...byPose.values()].map((as) => as[0]);
  for (const [pose, as] of byPose) {
    const costs = first.filter((f) => layout.areaPose[f] !== pose).map((f) => `${layout.poses[layout.areaPose[f]]} ${navCost(layout, as[0], f)}`);
    process.stdout.write(`\n${layout.poses[pose]}  (to: ${costs.join(', ')})\n`);
    for (const a of as) process.stdout.write(`  [${layout.initiallyOpen[a] ? 'open  ' : 'closed'}] ${layout.areas[a]}  (${layout.areaFurniture[a]})\n`);
  }
}

function showTask(file: string, kitchen: string | undefined, json: boolean): void {
  const task = loadTask(file, kitchen === undefined ? {} : { kitchen });
  const { world, initial, goals } = task;
  const { layout, objects } = world;
  const limit = task.level ? STEP_LIMITS[task.level] : Math.max(...Object.values(STEP_LIMITS));
  const oracle = planFullyObserved(world, initial, goals, limit);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ ...taskToJson(task), oracle: oracle ? { alternative: oracle.alternative, steps: oracle.steps, cost: oracle.cost, actions: oracle.actions.map((a) => formatAction(world, a)) } : null }, null, 2)}\n`,
    );
    return;
  }
  const targets = new Set(goals.flatMap((g) => g.map((p) => p.object)));
  const w = process.stdout;
  w.write(`task ${file}: kitchen ${task.kitchen}${task.level ? `, level ${task.level} (step limit ${STEP_LIMITS[task.level]})` : ''}\n`);
  w.write(`instruction: ${task.description}\n`);
  w.write(`robot ${task.robotName} at ${layout.areas[initial.robot]}, hand: ${initial.hand >= 0 ? objects[initial.hand] : 'empty'}\n`);
  w.write(`${objects.length} objects (${targets.size} named in the goal set, marked *), ${hiddenTargets(task)} of them hidden in closed areas\n\nscene:\n`);
  let pose = -1;
  layout.areas.forEach((area, a) => {
    if (layout.areaPose[a] !== pose) {
      pose = layout.areaPose[a];
      w.write(`  ${layout.poses[pose]}\n`);
    }
    const here = objects.map((o, i) => (initial.objectArea[i] === a ? `${o}${targets.has(i) ? '*' : ''}` : '')).filter(Boolean);
    w.write(`    [${initial.open[a] ? 'open  ' : 'closed'}] ${area}${here.length ? `: ${here.join(', ')}` : ''}\n`);
  });
  w.write(`\ngoal set: ${goals.length} alternative${goals.length === 1 ? '' : 's'}, any one suffices\n`);
  goals.forEach((alt, i) => {
    w.write(`  ${String(i + 1).padStart(3)}. ${alt.map((p) => `${objects[p.object]} → ${layout.areas[p.area]}`).join('  AND  ')}\n`);
  });
  if (oracle) {
    w.write(`\nfully observed greedy plan: ${oracle.steps} steps, cost ${oracle.cost}, reaches alternative ${oracle.alternative + 1}\n`);
    oracle.actions.forEach((a, i) => w.write(`  ${String(i + 1).padStart(3)}. ${formatAction(world, a)}\n`));
  } else {
    w.write(`\nno fully observed greedy plan within ${limit} steps\n`);
  }
}

export function register(program: Command): void {
  const kitchen = program.command('kitchen').description('Tru-POMDP kitchen rearrangement: generate and inspect tasks');
  kitchen
    .command('gen')
    .description('generate solvability-checked rearrangement tasks (one JSON file per task with --out)')
    .option('--kitchen <name>', `kitchen: ${KITCHEN_NAMES.join(', ')}, a comma list, or all`, 'galley')
    .option('--level <level>', 'easy (2 targets), medium (3), hard (4-8), a comma list, or all', 'easy')
    .option('--n <count>', 'tasks per kitchen and level', '10')
    .option('--seed <seed>', 'random seed (task i depends only on seed, kitchen, level, i)', '1')
    .option('--out <dir>', 'write <dir>/<kitchen>-<level>-<seed>-<i>.json')
    .option('--json', 'print the summary as JSON')
    .action((opts: GenOptions) => runGen(opts));
  kitchen
    .command('show')
    .description('print a task (scene, goal set, an oracle plan) or, with only --kitchen, a layout')
    .option('--task <file>', 'task file (Tru-POMDP schema)')
    .option('--kitchen <name>', 'kitchen for task files without a `kitchen` field, or the layout to print')
    .option('--json', 'print JSON')
    .action((opts: ShowOptions) => {
      if (opts.task) return showTask(opts.task, opts.kitchen, Boolean(opts.json));
      if (!opts.kitchen) throw new InputError('CLI_OPTION', 'kitchen show: pass --task FILE or --kitchen NAME');
      if (!isKitchenName(opts.kitchen)) {
        throw new InputError('CLI_OPTION', `--kitchen: unknown kitchen '${opts.kitchen}'${didYouMean(opts.kitchen, KITCHEN_NAMES)} (known: ${KITCHEN_NAMES.join(', ')})`);
      }
      showLayout(opts.kitchen, Boolean(opts.json));
    });
  registerKitchenRun(kitchen);
}
