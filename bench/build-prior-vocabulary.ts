/**
 * Writes `data/prior/kitchen-vocabulary.json`: the object types the offline
 * `prior` model may guess for objects it has not seen yet. They are the type
 * names of the kitchen task generator's hand-written catalogue
 * (`src/envs/kitchen/catalogue.ts`) — its open vocabulary only, not its
 * storage rules or themes — and NOT BEHAVIOR-1K data. The prior reads this
 * file instead of importing the environment (src/llm never imports src/envs);
 * a test checks the file still equals the catalogue.
 *
 *   npx tsx bench/build-prior-vocabulary.ts
 */
import { writeFileSync } from 'node:fs';
import { packageDataPath } from '../src/core/package-data.js';
import { CATALOGUE_OBJECTS } from '../src/envs/kitchen/catalogue.js';
import { commandLine } from './args.js';

export const VOCABULARY_SOURCE =
  "object type names of the kitchen task generator's hand-written catalogue (src/envs/kitchen/catalogue.ts), written by bench/build-prior-vocabulary.ts; not BEHAVIOR-1K data";

export function vocabularyFile(): { source: string; types: string[] } {
  return { source: VOCABULARY_SOURCE, types: CATALOGUE_OBJECTS.map((o) => o.type) };
}

if (process.argv[1] && /build-prior-vocabulary\.[jt]s$/.test(process.argv[1])) {
  commandLine({ command: 'npx tsx bench/build-prior-vocabulary.ts', about: "Writes data/prior/kitchen-vocabulary.json from the kitchen task generator's catalogue.", flags: [] });
  const file = packageDataPath('prior', 'kitchen-vocabulary.json');
  writeFileSync(file, `${JSON.stringify(vocabularyFile(), null, 1)}\n`);
  process.stdout.write(`wrote ${file} (${CATALOGUE_OBJECTS.length} types)\n`);
}
