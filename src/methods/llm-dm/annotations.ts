/**
 * Classifies expert annotations of LLM-written action models (the LLM-DM
 * annotation files) into error categories, and matches them with the issues
 * the automatic checks report — to measure how many annotated errors the
 * checks catch. Most annotated errors are factual (the seed, §5.1: 3 of
 * GPT-4's 59 errors were syntax errors) and need a person.
 */
import type { CheckCategory, Issue } from './checks.js';

export type AnnotationCategory =
  | 'unsupported-keyword'
  | 'type-mismatch'
  | 'object-type-choice'
  | 'missing-precondition'
  | 'incorrect-precondition'
  | 'missing-effect'
  | 'incorrect-effect'
  | 'other';

/** Annotation categories that an automatic check can catch, and the check category that does. */
export const CHECKABLE: Partial<Record<AnnotationCategory, CheckCategory>> = {
  'unsupported-keyword': 'unsupported-keyword',
  'type-mismatch': 'type-mismatch',
};

export function classifyAnnotation(text: string): AnnotationCategory {
  const t = text.toLowerCase();
  if (/illegal keyword|unsupported keyword/.test(t)) return 'unsupported-keyword';
  if (/syntax error/.test(t) && /parameter of `/.test(t)) return 'type-mismatch';
  if (/object type/.test(t)) return 'object-type-choice';
  if (/missing precondition|make sure/.test(t)) return 'missing-precondition';
  if (/(incorrect|inaccurate|unnecessary) precondition|in the precondition/.test(t)) return 'incorrect-precondition';
  if (/missing effect/.test(t)) return 'missing-effect';
  if (/incorrect effect/.test(t)) return 'incorrect-effect';
  return 'other';
}

/** The names in backticks or quotes of an annotation (keywords, predicates). */
function quotedNames(text: string): string[] {
  return [...text.matchAll(/[`"]([a-zA-Z][\w-]*)[`"]/g)].map((m) => m[1].toLowerCase());
}

/** True when an issue of the matching category, in the same action, names what the annotation names. */
export function annotationCaught(text: string, action: string, issues: readonly Issue[]): boolean {
  const cat = CHECKABLE[classifyAnnotation(text)];
  if (!cat) return false;
  const names = quotedNames(text);
  return issues.some((i) => i.action === action && i.category === cat && (names.length === 0 || names.some((n) => i.message.toLowerCase().includes(`\`${n}\``))));
}
