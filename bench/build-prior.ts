/**
 * Builds `data/prior/kitchen-prior.json`, the compact commonsense table behind
 * the offline `prior` model, from the BEHAVIOR-1K BDDL activity definitions
 * (MIT, Stanford Vision and Learning Lab): for every object word, how often
 * objects of that kind start inside/on each kind of kitchen furniture in the
 * activities' `:init` (one level of nesting resolved: milk in a carton in the
 * fridge counts for the fridge; `(frozen x)` in the fridge counts as freezer);
 * its WordNet hypernym words (from `generated/synsets.csv`); and which object
 * words co-occur with each word of activity names (`making_breakfast` →
 * cereal, milk, bowl ...).
 *
 *   npx tsx bench/build-prior.ts [BDDL_DIR]   (default /work/shared/data/bddl)
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine } from './args.js';

commandLine({
  command: 'npx tsx bench/build-prior.ts',
  about: 'Builds data/prior/kitchen-prior.json (the offline `prior` model) from the BEHAVIOR-1K BDDL activity definitions.',
  flags: [],
  positional: { name: '[BDDL_DIR]', help: 'the BDDL data (default /work/shared/data/bddl)', max: 1 },
});

const dir = process.argv[2] ?? '/work/shared/data/bddl';
const KIND: Record<string, string> = {
  'electric_refrigerator.n.01': 'fridge',
  'grocery_fridge.n.01': 'fridge',
  'cabinet.n.01': 'cabinet',
  'cabinet.n.03': 'cabinet',
  'grocery_shelf.n.01': 'shelf',
  'bookcase.n.01': 'shelf',
  'shelf.n.01': 'shelf',
  'countertop.n.01': 'surface',
  'table.n.02': 'surface',
  'breakfast_table.n.01': 'surface',
  'coffee_table.n.01': 'surface',
  'chopping_board.n.01': 'surface',
  'tray.n.01': 'surface',
  'oven.n.01': 'oven',
  'toaster_oven.n.01': 'oven',
  'microwave.n.02': 'microwave',
  'dishwasher.n.01': 'dishwasher',
  'sink.n.01': 'surface',
  'stove.n.01': 'surface',
};

const word = (synset: string): string => synset.replace(/\.n\.\d+$/, '').replace(/__/g, '_');
const base = (inst: string): string => inst.replace(/_\d+$/, '');

// hypernyms
const hyper = new Map<string, string[]>();
for (const line of readFileSync(join(dir, 'generated/synsets.csv'), 'utf8').split('\n').slice(1)) {
  const m = /^([^,]+),("([^"]*)"|([^,]*)),/.exec(line);
  if (!m) continue;
  const list = (m[3] ?? m[4] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  hyper.set(m[1], list);
}
function hypernymWords(synset: string): string[] {
  const out: string[] = [];
  let frontier = [synset];
  for (let depth = 0; depth < 6 && frontier.length; depth++) {
    const next: string[] = [];
    for (const s of frontier) for (const h of hyper.get(s) ?? []) if (!out.includes(word(h))) {
      out.push(word(h));
      next.push(h);
    }
    frontier = next;
  }
  return out.filter((w) => !['whole', 'object', 'physical_entity', 'entity', 'artifact', 'matter', 'substance', 'instrumentality', 'abstraction'].includes(w));
}

const containers = new Map<string, Record<string, number>>();
const objectSynsets = new Set<string>();
const activities = new Map<string, Map<string, number>>();
const STOP = new Set(['a', 'an', 'the', 'for', 'of', 'and', 'to', 'in', 'on', 'up', 'out', 'with', 'from', 'your', 'after', 'before', 'into', 'at', 'some']);
let files = 0;
for (const f of readdirSync(join(dir, 'activities'))) {
  if (!f.endsWith('.bddl')) continue;
  files++;
  const text = readFileSync(join(dir, 'activities', f), 'utf8');
  const init = /\(:init([\s\S]*?)\(:goal/.exec(text)?.[1] ?? '';
  const rel = [...init.matchAll(/\((inside|ontop)\s+([a-z_.0-9]+)\s+([a-z_.0-9]+)\)/g)].map((m) => ({ obj: m[2], dst: m[3] }));
  const frozen = new Set([...init.matchAll(/\(frozen\s+([a-z_.0-9]+)\)/g)].map((m) => m[1]));
  const loc = new Map(rel.map((r) => [r.obj, r.dst]));
  const kitchenObjs = new Set<string>();
  for (const r of rel) {
    let dst = base(r.dst);
    if (!KIND[dst]) {
      const outer = loc.get(r.dst);
      if (outer) dst = base(outer);
    }
    let kind = KIND[dst];
    if (!kind) continue;
    if (kind === 'fridge' && frozen.has(r.obj)) kind = 'freezer';
    const syn = base(r.obj);
    if (KIND[syn] || syn.startsWith('agent') || syn.startsWith('floor')) continue;
    objectSynsets.add(syn);
    kitchenObjs.add(word(syn));
    const e = containers.get(word(syn)) ?? {};
    e[kind] = (e[kind] ?? 0) + 1;
    containers.set(word(syn), e);
  }
  for (const w of f.replace(/\.bddl$/, '').toLowerCase().split('_')) {
    if (w.length < 3 || STOP.has(w)) continue;
    const m = activities.get(w) ?? new Map<string, number>();
    for (const o of kitchenObjs) m.set(o, (m.get(o) ?? 0) + 1);
    if (m.size) activities.set(w, m);
  }
}

const hypernyms: Record<string, string[]> = {};
for (const s of [...objectSynsets].sort()) hypernyms[word(s)] = hypernymWords(s).slice(0, 8);
const acts: Record<string, Record<string, number>> = {};
for (const [w, m] of [...activities].sort((a, b) => a[0].localeCompare(b[0]))) {
  acts[w] = Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 25));
}
const out = {
  source: 'derived from BEHAVIOR-1K BDDL activity definitions (github.com/StanfordVL/bddl, MIT License, Copyright (c) 2021 Stanford Vision and Learning Lab) by bench/build-prior.ts',
  activities: files,
  containers: Object.fromEntries([...containers].sort((a, b) => a[0].localeCompare(b[0]))),
  hypernyms,
  activityObjects: acts,
};
mkdirSync('data/prior', { recursive: true });
writeFileSync('data/prior/kitchen-prior.json', `${JSON.stringify(out)}\n`);
process.stdout.write(`read ${files} activities: ${containers.size} object words with placements, ${Object.keys(acts).length} activity words -> data/prior/kitchen-prior.json\n`);
