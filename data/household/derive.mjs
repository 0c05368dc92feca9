// Derives this compact bundle from the full public data (run from the repo: node data/household/derive.mjs ../shared/data).
// Copies bddl/generated and eai-behavior as they are; keeps of each BEHAVIOR-1K activity only the
// :init facts the household environment reads ((inroom x r), (ontop x y), (inside x y)).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = process.argv[2] ?? '../shared/data';
const out = dirname(fileURLToPath(import.meta.url));
const copy = (rel) => {
  mkdirSync(dirname(join(out, rel)), { recursive: true });
  copyFileSync(join(src, rel), join(out, rel));
};
for (const f of readdirSync(join(src, 'bddl', 'generated'))) copy(join('bddl', 'generated', f));
copy(join('bddl', 'LICENSE'));
for (const f of ['LICENSE', 'behavior.pddl', 'gold_pddl_plan.json']) copy(join('eai-behavior', f));
for (const f of readdirSync(join(src, 'eai-behavior', 'problems'))) copy(join('eai-behavior', 'problems', f));
mkdirSync(join(out, 'bddl', 'activities'), { recursive: true });
for (const f of readdirSync(join(src, 'bddl', 'activities')).sort()) {
  if (!f.endsWith('.bddl')) continue;
  const text = readFileSync(join(src, 'bddl', 'activities', f), 'utf8');
  const start = text.indexOf('(:init');
  const end = text.indexOf('(:goal');
  if (start < 0) continue;
  const init = text.slice(start, end < 0 ? undefined : end);
  const facts = [...init.matchAll(/\((inroom|ontop|inside)\s+\S+\s+[^\s)]+\s*\)/g)].map((m) => m[0]);
  writeFileSync(join(out, 'bddl', 'activities', f), `(:init\n${facts.map((x) => `  ${x}`).join('\n')}\n)\n(:goal)\n`);
}
