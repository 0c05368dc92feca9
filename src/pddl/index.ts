/**
 * PDDL engine: a strict reader, parser, semantic checker and writer for the
 * PDDL 1.2 / 2.1 subset used by classical planners — STRIPS, typing, ADL
 * (McDermott et al. 1998, "PDDL — The Planning Domain Definition Language")
 * action costs from PDDL 2.1/3.1 (Fox & Long 2003) and derived predicates from
 * PDDL 2.2 (Edelkamp & Hoffmann 2004). Numeric fluents beyond action costs,
 * durative actions and PDDL3 constraints are reported as `unsupported` with
 * their location.
 */
export type * from './ast.js';
export { readSExprs, type SExpr, type SList, type SAtom } from './sexpr.js';
export { PddlParseError, PddlCheckError, type PddlDiagnostic } from './errors.js';
export { COMPAT_CODES, DIAGNOSTIC_CODES, type CompatCode, type DiagnosticCode } from './diagnostic-codes.js';
export { formatDiagnostic, sortDiagnostics } from './diagnostics.js';
export { SUPPORTED_REQUIREMENTS, expandRequirements } from './parse-formula.js';
export { parseDomain, checkDomain, type DomainCheck } from './parse-domain.js';
export { parseProblem, checkProblem, type ProblemCheck } from './parse-problem.js';
export { checkActionText, type ActionCheck } from './check-action.js';
export { checkTask, type TaskCheck, type PddlText } from './check-task.js';
export { COMPAT_POLICY, judge, departures, isCompatCode, type CompatMode, type CompatRule } from './compat-policy.js';
export { writeDomain, writeProblem, writeCondition, writeEffect, writeAtom, writeTypedList, writePlan, stripSpans } from './writer.js';
export { TypeHierarchy, objectsByType, objectTypes, OBJECT_TYPE } from './types.js';
// grounding / normalization exports are added below by their owner
export { ground, type GroundResult, type GroundStats, type GroundOptions, type GroundEvent } from './ground.js';
