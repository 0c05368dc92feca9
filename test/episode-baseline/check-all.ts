/**
 * Compares every run of the behaviour fixture (test/fixtures/episode-baseline)
 * with the rows the current code gives, and the LLM-DM report with llmdm.txt
 * when dist/ is built. Prints one line per file and exits 1 on a difference.
 *
 *   npx tsx test/episode-baseline/check-all.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { BASELINE_RUNS, FIXTURE_DIR, fixtureRows, runBaseline } from './runs.js';

let failed = false;
for (const run of BASELINE_RUNS) {
  const want = fixtureRows(run.file);
  const got = await runBaseline(run);
  const diff = [...new Set([...want.keys(), ...got.keys()])].filter((k) => !isDeepStrictEqual(want.get(k), got.get(k)));
  if (diff.length > 0) failed = true;
  process.stdout.write(`${run.file}: ${got.size} rows, ${diff.length === 0 ? 'identical' : `${diff.length} differ: ${diff.join(', ')}`}\n`);
}
const bench = new URL('../../dist/bench/llmdm.js', import.meta.url).pathname;
if (existsSync(bench)) {
  const out = execFileSync(process.execPath, [bench, '--seeds', '2'], { encoding: 'utf8' });
  const same = out === readFileSync(join(FIXTURE_DIR, 'llmdm.txt'), 'utf8');
  if (!same) failed = true;
  process.stdout.write(`llmdm.txt: ${same ? 'identical' : 'differs'}\n`);
} else process.stdout.write('llmdm.txt: skipped (build dist/ first: npx tsc -p tsconfig.build.json)\n');
process.exitCode = failed ? 1 : 0;
