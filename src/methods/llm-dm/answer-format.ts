/**
 * The answer format of an action model: the seed's sectioned text (Guan et al.
 * 2023, §4.1 and the prompts of its appendix), which GPT-4 followed in every
 * recorded dialogue, so recorded answers replay without conversion:
 *
 *     Parameters:
 *     1. ?p - package: the package to load
 *     Preconditions:
 *     ```
 *     (and (package-at ?p ?l) ...)
 *     ```
 *     Effects:
 *     ```
 *     (and ...)
 *     ```
 *     New Predicates:
 *     1. (package-at ?p - package ?l - location): true if ...
 *
 * The "Parameters:" header may be missing (the prompt ends with it).
 */
import type { ActionParam } from '../../pddl/described/model.js';
import { formatPredicate, parsePredicateLine, type PredicateDef } from '../../pddl/described/predicates.js';

export interface FormatProblem {
  /** `answer-format`: a section is missing or unreadable; `malformed-predicate`: a bad New Predicates line. */
  category: 'answer-format' | 'malformed-predicate';
  message: string;
}

export interface ActionAnswer {
  parameters: ActionParam[];
  /** PDDL text of the precondition (without the fences). */
  preconditions: string;
  effects: string;
  newPredicates: PredicateDef[];
  problems: FormatProblem[];
}

type Section = 'parameters' | 'preconditions' | 'effects' | 'new predicates';
const HEADER = /^\s*(?:#+\s*|\*\*)?(parameters|preconditions?|effects?|new predicates)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.*)$/i;

function sectionName(word: string): Section {
  const w = word.toLowerCase();
  if (w.startsWith('param')) return 'parameters';
  if (w.startsWith('precond')) return 'preconditions';
  if (w.startsWith('effect')) return 'effects';
  return 'new predicates';
}

function splitSections(text: string): Map<Section, string> {
  const out = new Map<Section, string>();
  let current: Section = 'parameters';
  let buf: string[] = [];
  let inFence = false;
  const flush = (): void => {
    const prev = out.get(current);
    out.set(current, prev === undefined ? buf.join('\n') : `${prev}\n${buf.join('\n')}`);
    buf = [];
  };
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const m = inFence ? null : HEADER.exec(line);
    if (m) {
      flush();
      current = sectionName(m[1]);
      if (m[2].trim() !== '') buf.push(m[2]);
    } else buf.push(line);
  }
  flush();
  return out;
}

/** The PDDL in a section: the first fenced block, else the text from the first '(' on. */
function pddlOf(section: string | undefined): string | undefined {
  if (section === undefined) return undefined;
  const fence = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/.exec(section);
  const body = fence ? fence[1] : section.slice(Math.max(0, section.indexOf('(')));
  const t = body.trim();
  return t === '' ? undefined : t;
}

const PARAM = /^\s*(?:\d+[.)]\s*|[-*]\s+)?(\?[a-zA-Z][\w-]*)\s*(?:-\s*([a-zA-Z][\w-]*))?\s*(?::\s*(.*))?$/;

/** One parameter line `1. ?p - package: description`, or null. */
export function parseParamLine(line: string): { name: string; type?: string; description: string } | null {
  const m = PARAM.exec(line);
  if (!m) return null;
  return { name: m[1].toLowerCase(), type: m[2], description: (m[3] ?? '').trim() };
}

export function parseActionAnswer(text: string): ActionAnswer {
  const sections = splitSections(text.replace(/\r\n/g, '\n'));
  const problems: FormatProblem[] = [];
  const parameters: ActionParam[] = [];
  for (const raw of (sections.get('parameters') ?? '').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('```')) continue;
    const m = PARAM.exec(line);
    if (!m) {
      if (/\?[a-zA-Z]/.test(line)) problems.push({ category: 'answer-format', message: `the parameter line "${line}" is not of the form "1. ?name - type: description"` });
      continue;
    }
    if (m[2] === undefined) {
      problems.push({ category: 'answer-format', message: `the parameter ${m[1]} has no type: write "${m[1]} - TYPE: description"` });
      continue;
    }
    parameters.push({ name: m[1].toLowerCase(), type: m[2], description: (m[3] ?? '').trim() });
  }
  const preconditions = pddlOf(sections.get('preconditions'));
  const effects = pddlOf(sections.get('effects'));
  if (preconditions === undefined) problems.push({ category: 'answer-format', message: 'the answer has no "Preconditions:" section with a PDDL block in ``` fences' });
  if (effects === undefined) problems.push({ category: 'answer-format', message: 'the answer has no "Effects:" section with a PDDL block in ``` fences' });
  const newPredicates: PredicateDef[] = [];
  for (const raw of (sections.get('new predicates') ?? '').split('\n')) {
    const line = raw.trim();
    // A definition starts with '(' (maybe numbered); a numbered or bulleted line, or one naming ?variables, is meant as one.
    if (line === '' || line.startsWith('```') || /^no\b/i.test(line)) continue;
    if (!/^(\d+[.)]\s*|[-*]\s*)?\(/.test(line) && !/^(\d+[.)]|[-*])\s/.test(line) && !/\?[a-zA-Z]/.test(line)) continue;
    const r = parsePredicateLine(line);
    if (r.ok) newPredicates.push(r.def);
    else problems.push({ category: 'malformed-predicate', message: `the new predicate "${r.text}" is malformed: ${r.reason}. Write each new predicate as "(name ?x - type ?y - type): description"` });
  }
  return { parameters, preconditions: preconditions ?? '', effects: effects ?? '', newPredicates, problems };
}

/** Writes an answer in the same format (used by the synthetic model and for display). */
export function formatActionAnswer(a: { parameters: readonly ActionParam[]; preconditions: string; effects: string; newPredicates: readonly PredicateDef[] }): string {
  const params = a.parameters.map((p, i) => `${i + 1}. ${p.name} - ${p.type}: ${p.description}`).join('\n');
  const preds = a.newPredicates.length === 0 ? 'No newly defined predicate' : a.newPredicates.map((p, i) => `${i + 1}. ${formatPredicate(p)}`).join('\n');
  return `Parameters:\n${params}\n\nPreconditions:\n\`\`\`\n${a.preconditions}\n\`\`\`\n\nEffects:\n\`\`\`\n${a.effects}\n\`\`\`\n\nNew Predicates:\n${preds}`;
}
