import { defineConfig } from 'vitest/config';

/**
 * `npm test` (= `vitest run`) runs every tier; `npx vitest run --project unit` (or
 * `npm run test:unit`) only the fast one. Each test file is in exactly one tier:
 *  - infra: needs a Redis server, Chromium or the MCP server over HTTP/stdio (test/infra.ts
 *    fails such a file naming what is missing, unless GROUNDPLAN_TEST_SKIP_INFRA=1);
 *  - docs: checks README.md and docs/*.md against the code and the committed results;
 *  - integration: the CLI, worker threads and processes, the IPC and other reference data
 *    in ../shared, the method end-to-end runs;
 *  - unit: everything else (pure, in-process, seconds).
 */
export const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts', 'viewer/**/*.test.ts'];

const INFRA = ['src/eval/queue/enqueue-suite.test.ts', 'src/eval/queue/multi-worker.test.ts', 'viewer/viewer.test.ts', 'src/mcp/server.test.ts', 'src/mcp/**/*http*.test.ts', 'src/mcp/**/*load*.test.ts'];

const DOCS = ['src/eval/report/docs.test.ts', 'src/eval/report/prose-figures.test.ts', 'src/mcp/docs.test.ts', 'src/pddl/compat-policy.test.ts', 'test/layering/architecture-doc.test.ts', '**/*.docs.test.ts'];

const INTEGRATION = [
  '**/*.integration.test.ts',
  'test/package/**/*.test.ts',
  'test/episode-baseline/**/*.test.ts',
  'src/cli/commands/*.test.ts',
  'src/mcp/**/*.test.ts',
  'bench/**/*.test.ts',
  'src/methods/tru-pomdp/**/*.test.ts',
  'src/methods/gavel/gavel.test.ts',
  'src/methods/gavel/synthetic.test.ts',
  'src/pomdp/clock.test.ts',
  'src/eval/suites/suites.test.ts',
  'src/eval/report/seed-figures.test.ts',
  'src/envs/kitchen/layout.test.ts',
  'src/pddl/ground-ipc.test.ts',
  'src/pddl/parse-corpus.test.ts',
  'src/pddl/parse-domain.test.ts',
  'src/pddl/parse-fuzz.test.ts',
  'src/pddl/paren-balance.test.ts',
  'src/pddl/types.test.ts',
  'src/validate/cross-check.test.ts',
  'src/cli/terminal.test.ts',
  'src/core/memory.test.ts',
  'src/envs/household/paper/**/*.test.ts',
  'src/planner/axioms.test.ts',
];

/** The tiers, as include / exclude globs (exported for test/tiers.test.ts, which checks the partition). */
export const TIERS = {
  infra: { include: INFRA, exclude: [] as string[] },
  docs: { include: DOCS, exclude: INFRA },
  integration: { include: INTEGRATION, exclude: [...INFRA, ...DOCS] },
  unit: { include: ALL, exclude: [...INFRA, ...DOCS, ...INTEGRATION] },
};

const tier = (name: keyof typeof TIERS, pool: 'forks' | 'threads' = 'forks') => ({
  extends: true as const,
  test: { name, include: TIERS[name].include, exclude: ['**/node_modules/**', ...TIERS[name].exclude], pool },
});

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      tier('infra'),
      tier('docs'),
      tier('integration'),
      // in-process tests start faster on worker threads (the tier took 70-77 s at load 3-4, 78-82 s in forks)
      tier('unit', 'threads'),
    ],
  },
});
