/**
 * The one written map of src/: for every top folder, what it owns and the top
 * folders it may import. `layering.test.ts` checks the import graph against
 * this table both ways (every import between folders is allowed here, every
 * allowance is used), and docs/architecture.md carries its rendering
 * (`renderLayers`) between `<!-- layers -->` markers, checked by
 * `architecture-doc.test.ts`. Change the table, then run
 * `npx tsx test/layering/render-layers.ts` to rewrite the block.
 */

export interface Layer {
  /** Top folder under src/ (`pddl`), or `index.ts` for the package entry. */
  folder: string;
  owns: string;
  /** Top folders it may import, besides itself. */
  imports: readonly string[];
  /** Why an edge that looks upward or sideways is there (shown in the doc). */
  notes?: string;
}

export const LAYERS: readonly Layer[] = [
  { folder: 'core', owns: 'seeded `Rng` (the only source of randomness), the error base class and the one declaration of error codes ([docs/errors.md](errors.md)), budgets, issue lists, JSON text with line:col', imports: [] },
  { folder: 'planner', owns: 'search over ground tasks (it never sees PDDL), heuristics, landmarks, open lists, the search registry', imports: ['core'] },
  {
    folder: 'pddl',
    owns: 'the PDDL reader with spans, AST, writer, normalisation and grounding; described domain models (`src/pddl/described/`: predicates with descriptions, read back from a domain file, rendered in plain words)',
    imports: ['core', 'planner'],
    notes: 'type-only: the grounder builds the planner\'s `GroundTask`, so `pddl` sits above `planner`',
  },
  { folder: 'validate', owns: 'plan replay, verdicts and explanations', imports: ['core', 'pddl', 'planner'] },
  { folder: 'pipeline', owns: 'parse → ground → plan → validate as one call (`planPddl`)', imports: ['core', 'pddl', 'planner', 'validate'] },
  { folder: 'pomdp', owns: 'POMDP models, particle beliefs, DESPOT and POMCP, reference problems', imports: ['core'] },
  { folder: 'llm', owns: 'LLM clients from settings, middleware, usage meter, cache and cassettes, offline models (`synthetic`, `scripted`; the kitchen `prior` lives in `src/methods/tru-pomdp`)', imports: ['core'] },
  { folder: 'scenegraph', owns: 'scene graphs, action primitives, verify and repair, room beliefs, search cost, ordering', imports: ['core'] },
  { folder: 'envs', owns: 'the kitchen (Tru-POMDP) and household (GAVEL) environments, their tasks and agent views (benchmarks over them live in `eval`)', imports: ['core', 'pddl', 'scenegraph'] },
  { folder: 'episode', owns: 'the trace and row schema, the method contract, catalogues and registry, the runner, the kitchen and household episodes', imports: ['core', 'envs', 'llm', 'scenegraph'] },
  {
    folder: 'methods',
    owns: 'LLM-DM, Tru-POMDP, GAVEL and the baselines; each family lists its methods in one catalogue file',
    imports: ['core', 'envs', 'episode', 'llm', 'pddl', 'planner', 'pomdp', 'scenegraph', 'validate'],
  },
  {
    folder: 'eval',
    owns: 'suites, spec planning, the result store, the local pool and the queue, summaries, the report, the household benchmarks (`household repair-bench`, `ordering-bench`)',
    imports: ['core', 'envs', 'episode', 'methods', 'pipeline', 'pomdp', 'scenegraph'],
    notes: 'methods only as the registries and catalogues of `src/methods/index.ts`',
  },
  {
    folder: 'mcp',
    owns: 'the MCP tool server: tool schemas, the call pool on worker threads, stdio and HTTP transports',
    imports: ['core', 'llm', 'pddl', 'pipeline', 'planner', 'scenegraph', 'validate'],
    notes: '`pddl_explain` renders a domain in words with `src/pddl/described/`, which LLM-DM\'s review uses too',
  },
  {
    folder: 'cli',
    owns: '`groundplan <command>`; the only code that prints',
    imports: ['core', 'envs', 'episode', 'eval', 'llm', 'mcp', 'methods', 'pddl', 'pipeline', 'planner', 'pomdp', 'scenegraph', 'validate'],
  },
  {
    folder: 'index.ts',
    owns: 'the package entry: the public API re-exported from the folders\' `index.ts` files',
    imports: ['core', 'envs', 'episode', 'eval', 'llm', 'methods', 'pddl', 'planner', 'pomdp', 'scenegraph', 'validate'],
  },
];

/** The Markdown block of docs/architecture.md between `<!-- layers -->` and `<!-- /layers -->`. */
export function renderLayers(layers: readonly Layer[] = LAYERS): string {
  const rows = layers.map((l) => {
    const name = l.folder.endsWith('.ts') ? `\`src/${l.folder}\`` : `\`src/${l.folder}/\``;
    const imports = l.imports.length === 0 ? '—' : l.imports.map((i) => `\`${i}\``).join(', ');
    return `| ${name} | ${l.owns} | ${imports}${l.notes ? ` (${l.notes})` : ''} |`;
  });
  return ['| folder | owns | may import |', '|---|---|---|', ...rows].join('\n');
}

export const LAYERS_START = '<!-- layers -->';
export const LAYERS_END = '<!-- /layers -->';
