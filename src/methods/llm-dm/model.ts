/**
 * A domain model under construction: the inputs (types, requirements), the
 * predicate dictionary and one action model per described action, each kept
 * as the PDDL text the LLM wrote (so errors can be located in its own words).
 */
import type { ActionParam } from './answer-format.js';
import type { PredicateDef } from './predicates.js';
import type { TypeSpec } from './inputs.js';

export interface ActionModel {
  /** The natural-language action name from the inputs. */
  name: string;
  /** The PDDL action name. */
  pddlName: string;
  parameters: ActionParam[];
  preconditions: string;
  effects: string;
}

export interface DomainModel {
  name: string;
  types: TypeSpec[];
  requirements: string[];
  predicates: PredicateDef[];
  actions: ActionModel[];
}
