/**
 * Every diagnostic code the PDDL parser, checker and planning pipeline emit
 * (stable; documented in docs/pddl.md): the checker's own, the pipeline's, and
 * the departures from the standard that the compatibility policy judges
 * (compat-policy.ts). The file imports nothing,
 * so errors.ts (which types `PddlDiagnostic.code` with them), diagnostics.ts and
 * compat-policy.ts all read it without an import cycle.
 */

/** The departures from the standard, each with a row in compat-policy.ts's table. */
export const COMPAT_CODES = [
  'constant-in-problem',
  'init-type-mismatch',
  'missing-requirement',
  'types-section-missing',
  'object-redeclared',
  'either-in-types',
  'duplicate-predicate',
  'duplicate-type',
  'undeclared-parent-type',
  'empty-effect',
  'glued-variable',
  'object-is-constant',
  'domain-mismatch',
  'undeclared-total-cost',
  'undeclared-object-in-init',
  'undeclared-predicate-in-init',
] as const;

export type CompatCode = (typeof COMPAT_CODES)[number];

/**
 * What the planning pipeline (src/pipeline/plan-pddl.ts) reports besides the checker's codes:
 * the grounder's input errors, found after the checks passed, and `option`, a bad search or
 * heuristic option.
 */
export const PIPELINE_CODES = ['unknown-object', 'free-variable', 'goal', 'missing-value', 'negative-cost', 'option'] as const;

/** Every diagnostic code the parser, the checker and the planning pipeline emit (stable; documented in docs/pddl.md). */
export const DIAGNOSTIC_CODES = [
  'syntax',
  'malformed',
  'unsupported',
  'undeclared-predicate',
  'undeclared-function',
  'undeclared-parameter',
  'undeclared-object',
  'unknown-type',
  'arity',
  'duplicate',
  'type-mismatch',
  'name-clash',
  ...PIPELINE_CODES,
  // the departures from the standard that the compatibility policy judges (compat-policy.ts)
  ...COMPAT_CODES,
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];
