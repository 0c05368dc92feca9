/**
 * Part 1 of the LLM-DM report: GPT-4's real action models (Guan et al. 2023
 * data) assembled into PDDL and run through our automatic checks; how many of
 * the experts' annotated errors the checks catch, by category; what the checks
 * find that the annotations do not list; and whether the corrected models pass.
 */
import { parseDomain } from '../src/pddl/parse-domain.js';
import { annotationCaught, classifyAnnotation, type AnnotationCategory } from '../src/methods/llm-dm/annotations.js';
import { assembleDomain } from '../src/methods/llm-dm/assemble.js';
import { checkModel, type Issue } from '../src/methods/llm-dm/checks.js';
import { annotations, correctedModel, LLMDM_DOMAINS, rawModel, type LlmdmDomain } from './llmdm-data.js';

export interface CategoryRow {
  domain: LlmdmDomain;
  category: AnnotationCategory;
  annotated: number;
  caught: number;
}

export interface DomainReport {
  domain: LlmdmDomain;
  actions: number;
  annotated: number;
  caught: number;
  issues: Issue[];
  /** Issues that match no annotation. */
  unlisted: Issue[];
  /** Non-parameter lines GPT-4 left in a parameter list (ignored by assembly). */
  strayParameterLines: { action: string; line: string }[];
  byCategory: CategoryRow[];
  corrected: { actions: number; predicates: number; issues: Issue[]; parses: boolean; parseError?: string };
}

export function annotationReport(domain: LlmdmDomain): DomainReport {
  const raw = rawModel(domain);
  const issues = checkModel(raw.model);
  const ann = annotations(domain);
  const counts = new Map<AnnotationCategory, { annotated: number; caught: number }>();
  const matched = new Set<Issue>();
  let annotated = 0;
  let caught = 0;
  for (const a of ann) {
    for (const text of a.annotations) {
      const cat = classifyAnnotation(text);
      const c = counts.get(cat) ?? { annotated: 0, caught: 0 };
      c.annotated++;
      annotated++;
      if (annotationCaught(text, a.name, issues)) {
        c.caught++;
        caught++;
        for (const i of issues) if (annotationCaught(text, a.name, [i])) matched.add(i);
      }
      counts.set(cat, c);
    }
  }
  const byCategory = [...counts].map(([category, c]) => ({ domain, category, ...c })).sort((x, y) => y.annotated - x.annotated || x.category.localeCompare(y.category));
  const strayParameterLines = raw.actions.flatMap((a) => a.badParameters.map((line) => ({ action: a.name, line })));
  const cor = correctedModel(domain);
  const corIssues = checkModel(cor.model);
  let parses = true;
  let parseError: string | undefined;
  try {
    parseDomain(assembleDomain(cor.model).text, `${domain}-corrected.pddl`);
  } catch (err) {
    parses = false;
    parseError = err instanceof Error ? err.message : String(err);
  }
  return {
    domain,
    actions: raw.model.actions.length,
    annotated,
    caught,
    issues,
    unlisted: issues.filter((i) => !matched.has(i)),
    strayParameterLines,
    byCategory,
    corrected: { actions: cor.model.actions.length, predicates: cor.model.predicates.length, issues: corIssues, parses, parseError },
  };
}

export function allAnnotationReports(): DomainReport[] {
  return LLMDM_DOMAINS.map((d) => annotationReport(d));
}
