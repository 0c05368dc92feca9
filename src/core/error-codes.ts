/**
 * Every error code a `GroundplanError` may carry, declared once with its
 * one-line meaning. `ErrorCode` types the `code` field, so a misspelt code is a
 * compile error; docs/errors.md lists these (a test checks it lists them all).
 */
export const ERROR_CODES = {
  // core and the CLI
  PACKAGE_DATA: "the package's own data folder cannot be found",
  FILE_READ: 'an input file cannot be read',
  CLI_OPTION: 'a command-line option has a bad value or a required one is missing',
  OBJECTS: 'an objects file names a type the domain does not declare',
  TRACE_FORMAT: 'a trace file (JSON lines) is malformed',
  VIEWER_MISSING: 'the trace viewer is not built',
  VIEW_LISTEN: 'the trace viewer cannot listen on the requested host:port',
  BENCH_DATA: "a benchmark's data file under bench/data is missing an entry or out of date",
  // PDDL
  PDDL_PARSE: 'a PDDL text does not parse (syntax)',
  PDDL_CHECK: 'a PDDL domain/problem parses but fails a semantic check',
  PDDL_ARITY: 'a predicate is used with the wrong number of arguments',
  PDDL_UNKNOWN_OBJECT: 'a formula names an object the task does not declare',
  PDDL_FREE_VARIABLE: 'a formula uses a variable no parameter or quantifier binds',
  PDDL_GOAL: 'the goal has a free variable',
  PDDL_MISSING_VALUE: "a numeric fluent has no value in the problem's :init",
  PDDL_NEGATIVE_COST: 'an action cost evaluates to a negative number',
  PDDL_UNSUPPORTED: 'a PDDL feature this toolkit does not support',
  // plans
  PLAN_FILE: 'a plan file (JSON or text) is malformed',
  PLAN_UNKNOWN_ACTION: 'a plan step names an action the domain does not have',
  PLAN_ARITY: 'a plan step has the wrong number of arguments',
  PLAN_UNKNOWN_OBJECT: 'a plan step names an object the problem does not have',
  PLAN_TYPE: "a plan step's argument has the wrong type",
  // grounding, planning, validation
  GROUND_TOO_LARGE: 'a precondition is too large to compile to DNF or CNF',
  GROUND_INTERNAL: 'an internal invariant of the grounder failed (a bug)',
  GROUND_CANCELLED: 'grounding was cancelled by its abort signal',
  GROUND_TIMEOUT: 'grounding stopped because the time limit passed (reported as timeout, exit 1)',
  GROUND_MEMOUT: 'grounding stopped because the process ran out of its memory limit (reported as memout, exit 3)',
  GROUND_BAD_PLAN: 'a plan names an operator id out of range',
  PLANNER_BAD_TASK: 'a compiled planning task is malformed (ids, costs, axiom layers)',
  PLANNER_BAD_CONFIG: 'an unknown search or heuristic name, or a bad search option',
  VALIDATE_UNBOUND: 'the validator met a variable that nothing binds',
  VALIDATE_UNDEFINED_FLUENT: "a numeric fluent has no value in the problem's :init",
  // POMDP
  POMDP_EMPTY_BELIEF: 'a belief has no particles or zero total weight',
  POMDP_BAD_WEIGHT: 'a belief particle has a negative or NaN weight',
  POMDP_OPTION: 'a solver option (K, depth, lambda, ...) is out of range',
  POMDP_PROBLEM: 'an unknown POMDP problem id or a bad problem size',
  // LLM layer
  LLM_CONFIG: 'an LLM configuration (model id, config file, cassette, options) is invalid',
  LLM_NO_KEY: "the provider's API key environment variable is not set",
  LLM_HTTP: 'the provider answered with an HTTP error status',
  LLM_UNREACHABLE: 'the provider cannot be reached (connection refused or reset)',
  LLM_TIMEOUT: 'an LLM call timed out',
  LLM_CANCELLED: 'an LLM call was cancelled by its abort signal',
  LLM_RETRIES: 'an LLM call failed after all its retries',
  LLM_SCHEMA: 'the LLM answers did not match the expected schema after all attempts',
  LLM_REPLAY_MISS: 'a replayed cassette has no recorded answer for a call',
  LLM_SCRIPT: 'the scripted model has no answers left',
  LLM_SYNTHETIC: 'the synthetic model was asked a call it cannot answer',
  LLM_PRIOR: 'the prior model was asked a kind it does not answer',
  LLM_PROVIDER: 'an LLM call failed for another reason',
  // scene graphs and the household domain
  SCENE_ID: 'a scene id names both a room and an object',
  SCENE_FILE: 'a scene file is not valid JSON',
  GOAL_FILE: 'a goal file is malformed',
  GOAL_UNKNOWN_ID: 'a goal names ids not in the scene',
  TASK_FILE: 'a household task file is malformed or unreadable',
  PAPER_TASKS: "the paper's task file is malformed or unreadable",
  RECORDING: 'a recorded-runs file is malformed, unreadable, or names unknown tasks',
  HOUSEHOLD_DATA: 'the BEHAVIOR data folder cannot be found',
  HOUSEHOLD_ORACLE: 'the oracle baseline was not given its task',
  HOUSEHOLD_TIME: 'a household episode ran out of its time limit',
  // the kitchen domain
  KITCHEN_ACTION: 'a kitchen action cannot be parsed or names an unknown area/object',
  KITCHEN_TIME: 'a kitchen episode ran out of its time limit',
  KITCHEN_EPISODE: 'a step was taken in a kitchen episode that is over',
  KITCHEN_GEN: 'the kitchen task generator got bad options or found no solvable task',
  KITCHEN_LAYOUT: 'a kitchen layout file is malformed or unreadable',
  KITCHEN_STATE: 'a kitchen state names an unknown area/object or misses a placement',
  KITCHEN_TASK: 'a kitchen task file is malformed or unreadable',
  KITCHEN_UNKNOWN: 'an unknown built-in kitchen name',
  KITCHEN_WORLD: 'a kitchen world has duplicate or too many objects',
  // methods
  LLMDM_INPUT: "an LLM-DM input file (objects, models, feedback, store) is malformed",
  TRU_OPTION: 'a Tru-POMDP option has a bad value',
  TRU_OBS: 'a Tru-POMDP observation names an unknown area',
  TRU_TOH: 'the tree of hypotheses produced an invalid particle weight',
  POLICY_SANDBOX: 'the policy sandbox was used after it was closed, or failed',
  BASELINE_OPTION: 'a baseline option has a bad value',
  // evaluation, queue, reports
  EVAL_ABORTED: 'an episode was cancelled',
  EVAL_DATA: 'the data an evaluation suite needs is missing',
  EVAL_METHOD: 'an unknown method for an evaluation suite',
  EVAL_SPEC: 'an episode spec names an unknown task or has bad fields',
  EVAL_SUITE: 'an unknown evaluation suite name',
  EVAL_STORE_BUSY: 'another process is writing the same results folder',
  QUEUE_URL: 'a queue URL is not a redis:// URL',
  QUEUE_NAME: 'a queue name is empty or contains a colon',
  QUEUE_OPTION: 'a queue worker option has a bad value',
  QUEUE_CONNECT: 'Redis cannot be reached',
  REPORT_INPUT: 'a report input folder or file is missing',
  REPORT_ROWS: 'committed result rows are malformed',
  DOC_MARKERS: 'a docs report marker names an unknown table or is unbalanced',
  SEED_FIGURES: "the seeds' figures file is malformed",
  // test helpers
  TEST_REDIS: 'the test redis-server did not start',
  FAKE_FAULT: 'a fault injected by a test',
} as const;

/** A code a `GroundplanError` may carry. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether `code` is a declared error code. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
