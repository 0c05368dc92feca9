/**
 * The README's and docs' report blocks equal what `groundplan report
 * --update-docs` computes from the committed rows in results/ — so every
 * number in them has a command behind it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../core/package-data.js';
import { docFiles, updateDocs } from './update-docs.js';

const root = packageRoot();

describe('README and docs tables', () => {
  const statuses = updateDocs(docFiles(root), join(root, 'results'), { write: false });

  it('every report block with committed rows equals the report on those rows', () => {
    const checked = statuses.filter((s) => s.status !== 'pending');
    expect([...new Set(checked.map((s) => s.id))].sort()).toEqual(['eval-tiger', 'gavel-replay', 'gavel-replay-agreement', 'household-distances', 'household-failures', 'household-multi', 'household-ordering', 'household-paper', 'household-repair', 'household-rsn', 'household-single', 'kitchen-ablation-verdicts', 'kitchen-ablations', 'kitchen-baselines', 'kitchen-easy', 'kitchen-gen', 'kitchen-hard', 'kitchen-medium', 'llmdm-annotations', 'llmdm-own-model', 'llmdm-replay', 'llmdm-summary', 'llmdm-synthetic', 'planner-adl', 'planner-astar-lmcut', 'planner-eai', 'planner-ipc', 'planner-ipc-summary', 'pomdp', 'pomdp-extra', 'pomdp-summary', 'prior']);
    for (const s of checked) expect({ at: `${s.file}:${s.line}`, id: s.id, status: s.status }).toEqual({ at: `${s.file}:${s.line}`, id: s.id, status: 'current' });
  });

  it('no block is waiting for rows: every table in the README and docs has its rows in results/', () => {
    expect(statuses.filter((s) => s.status === 'pending').map((s) => [`${s.file}:${s.line}`, s.id, s.missing])).toEqual([]);
  });
});
