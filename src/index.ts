/**
 * groundplan: LLM task planning made reliable by an explicit world model.
 * One namespace per module; see README.md and docs/ for each.
 *  - pddl, planner, validate: parse/check/ground PDDL, plan (FD-style search), validate (VAL-style)
 *  - pomdp: DESPOT (Ye et al., JAIR 2017) and POMCP (Silver & Veness 2010) with particle beliefs
 *  - llm: prompt calls with checked answers, providers, middleware, offline models
 *  - scenegraph, envs: GAVEL's world model; kitchen (Tru-POMDP) and household environments
 *  - episode: the trace schema, the Method<View> contract, catalogues and registry, the episode runner
 *  - methods: Tru-POMDP (Tang et al. 2025), GAVEL (household), LLM-DM (Guan et al. 2023), baselines
 *  - evaluation: episode specs, resumable result store, suites, runner, summary; report (Markdown/HTML/SVG)
 *    (the BullMQ queue is imported from 'groundplan/queue' so that only
 *    queue users load bullmq)
 */
export * from './core/index.js';
export * as pddl from './pddl/index.js';
export * as planner from './planner/index.js';
export * as validate from './validate/index.js';
export * as pomdp from './pomdp/index.js';
export * as llm from './llm/index.js';
export * as scenegraph from './scenegraph/index.js';
export * as kitchen from './envs/kitchen/index.js';
export * as household from './envs/household/index.js';
export * as episode from './episode/index.js';
export * as methods from './methods/index.js';
export * as truPomdp from './methods/tru-pomdp/index.js';
export * as llmDm from './methods/llm-dm/index.js';
export * as baselines from './methods/baselines/index.js';
export * as gavel from './methods/gavel/index.js';
export * as evaluation from './eval/index.js';
export * as report from './eval/report/index.js';
