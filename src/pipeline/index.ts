/**
 * The pipeline layer: whole tool chains over the PDDL engine, the planner and
 * the validator (parse → ground → search → validate, Helmert 2009's translator
 * pipeline followed by heuristic search). It may import pddl, planner and
 * validate; nothing below it imports it.
 */
export { planPddl, inputErrorOf, type PddlSource, type PlanPddlOptions, type PlanPddlResult, type PlanPddlGround, type PlanPddlTiming } from './plan-pddl.js';
