/**
 * A described domain model (LLM-DM's, Guan et al. 2023): the types and
 * requirements, the predicate dictionary with descriptions and one action
 * model per described action, each kept as PDDL text (so errors can be located
 * in its own words), and where each part stands in an assembled domain.pddl.
 * LLM-DM builds it; from-pddl.ts reads it back from a domain file; explain.ts
 * renders it in words (LLM-DM's review and the MCP tool `pddl_explain`).
 */
import type { PredicateDef } from './predicates.js';

export interface TypeSpec {
  name: string;
  parent: string;
}

/** One action parameter with what it stands for. */
export interface ActionParam {
  name: string;
  type: string;
  description: string;
}

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

export type Section = 'parameters' | 'preconditions' | 'effects';

/** Where a part of the model stands in an assembled domain.pddl text (character offsets). */
export interface Region {
  /** Index into model.actions, or -1 for the header (types, predicates). */
  action: number;
  section: Section | 'predicates' | 'header';
  /** For section 'predicates': index into model.predicates. */
  predicate?: number;
  start: number;
  end: number;
}
