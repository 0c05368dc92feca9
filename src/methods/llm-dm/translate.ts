/**
 * Goal and initial-state translation (Guan et al. 2023, §4.3 and appendix
 * A.13): an instruction, with the problem's objects, becomes a PDDL goal over
 * the known predicates and objects; plain-language object states become init
 * facts. Both answers are validated with the PDDL engine (the problem is
 * assembled and checked against the domain); a failure gets feedback rounds.
 */
import type { Domain, Condition, Atom } from '../../pddl/ast.js';
import { checkProblem } from '../../pddl/parse-problem.js';
import { extractCode } from '../../llm/extract-json.js';
import { ask } from '../../llm/ask.js';
import type { ChatMessage, LlmClient } from '../../llm/types.js';
import type { SceneObject } from './objects.js';
import { predicateListText, type PredicateDef } from '../../pddl/described/predicates.js';

export const GOAL_KIND = 'llmdm.goal';
export const INIT_KIND = 'llmdm.init';

export interface TranslateInput {
  domain: Domain;
  /** Domain text as written (the problem check parses against `domain`). */
  predicates: PredicateDef[];
  objects: SceneObject[];
}

export type Translation<T> =
  | { status: 'ok'; value: T; text: string; rounds: number; transcript: ChatMessage[] }
  | { status: 'failed'; problems: string[]; text: string; rounds: number; transcript: ChatMessage[] };

function objectsText(objects: readonly SceneObject[]): string {
  return objects.map((o) => `${o.name} - ${o.type}`).join('\n');
}

/** A problem text with the given init and goal, for checking. */
export function problemText(domainName: string, objects: readonly SceneObject[], init: string, goal: string, name = 'task'): { text: string; initStart: number; initEnd: number; goalStart: number; goalEnd: number } {
  let text = `(define (problem ${name})\n  (:domain ${domainName})\n  (:objects\n    ${objects.map((o) => `${o.name} - ${o.type}`).join('\n    ')}\n  )\n  (:init\n`;
  const initStart = text.length;
  text += init;
  const initEnd = text.length;
  text += '\n  )\n  (:goal ';
  const goalStart = text.length;
  text += goal;
  const goalEnd = text.length;
  text += ')\n)\n';
  return { text, initStart, initEnd, goalStart, goalEnd };
}

function problemsIn(domain: Domain, pt: ReturnType<typeof problemText>, from: number, to: number): string[] {
  const r = checkProblem(pt.text, domain);
  return r.diagnostics
    .filter((d) => d.severity === 'error' && (!d.span || (d.span.start.offset >= from && d.span.start.offset <= to) || d.code === 'syntax'))
    .map((d) => d.message);
}

/** One translation dialogue: the answer's code block is judged by the PDDL engine, with feedback rounds. */
async function translate<T>(
  client: LlmClient,
  kind: string,
  messages: ChatMessage[],
  vars: unknown,
  judge: (code: string) => { ok: true; value: T } | { ok: false; problems: string[] },
  maxRounds: number,
): Promise<Translation<T>> {
  const r = await ask(
    client,
    {
      kind,
      messages,
      vars,
      read: (text) => {
        const code = extractCode(text).trim();
        return { code, verdict: judge(code) };
      },
      check: (a) => (a.verdict.ok ? [] : a.verdict.problems),
    },
    {
      repairs: maxRounds,
      exhausted: 'return',
      repairPrompt: (problems) => `The answer has problems:\n${problems.map((p) => `- ${p}`).join('\n')}\nPlease answer again with the corrected PDDL in a \`\`\` block.`,
    },
  );
  const { code, verdict } = r.value;
  const rounds = r.attempts - 1;
  if (verdict.ok) return { status: 'ok', value: verdict.value, text: code, rounds, transcript: r.transcript };
  return { status: 'failed', problems: verdict.problems, text: code, rounds, transcript: r.transcript };
}

export interface GoalVars {
  instruction: string;
  objects: { name: string; type: string }[];
  predicates: PredicateDef[];
}

export async function translateGoal(client: LlmClient, input: TranslateInput & { instruction: string }, options: { maxRounds?: number } = {}): Promise<Translation<Condition>> {
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        'You translate a user instruction into a PDDL goal. Use only the predicates and objects listed. Write the goal as one formula, (and ...) of literals, inside a ``` block. Negated goals are written (not (p a b)).\n\n' +
        'Example.\nPredicates:\n1. (ball-in ?b - ball ?r - room): true if the ball ?b is in the room ?r\n2. (robot-in ?r - room): true if the robot is in the room ?r\nObjects:\nball_1 - ball\nball_2 - ball\nroom_a - room\nroom_b - room\nInstruction: bring ball_1 to room_b and make sure ball_2 is no longer in room_a.\nGoal:\n```\n(and\n    (ball-in ball_1 room_b)\n    (not (ball-in ball_2 room_a))\n)\n```',
    },
    { role: 'user', content: `Predicates:\n${predicateListText(input.predicates)}\nObjects:\n${objectsText(input.objects)}\nInstruction: ${input.instruction}\nGoal:` },
  ];
  const vars: GoalVars = { instruction: input.instruction, objects: input.objects.map((o) => ({ name: o.name, type: o.type })), predicates: input.predicates };
  return translate<Condition>(
    client,
    GOAL_KIND,
    messages,
    vars,
    (code) => {
      const pt = problemText(input.domain.name, input.objects, '', code);
      const problems = problemsIn(input.domain, pt, pt.goalStart, pt.goalEnd);
      if (problems.length > 0) return { ok: false, problems };
      const r = checkProblem(pt.text, input.domain);
      if (!r.ok || !r.problem) return { ok: false, problems: r.diagnostics.map((d) => d.message) };
      return { ok: true, value: r.problem.goal };
    },
    options.maxRounds ?? 1,
  );
}

export interface InitVars {
  objects: SceneObject[];
  predicates: PredicateDef[];
}

export async function translateInit(client: LlmClient, input: TranslateInput, options: { maxRounds?: number } = {}): Promise<Translation<Atom[]>> {
  const facts = input.objects.flatMap((o) => o.state).map((s) => `- ${s}`);
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        'You translate a plain-language description of objects into PDDL initial-state facts. Use only the predicates and objects listed; write one ground fact per line inside a ``` block, for example (ball-in ball_1 room_a). Only true facts are listed (closed world).',
    },
    { role: 'user', content: `Predicates:\n${predicateListText(input.predicates)}\nObjects:\n${objectsText(input.objects)}\nDescription:\n${facts.join('\n')}\nFacts:` },
  ];
  const vars: InitVars = { objects: input.objects, predicates: input.predicates };
  return translate<Atom[]>(
    client,
    INIT_KIND,
    messages,
    vars,
    (code) => {
      const pt = problemText(input.domain.name, input.objects, code, '(and)');
      const problems = problemsIn(input.domain, pt, pt.initStart, pt.initEnd);
      if (problems.length > 0) return { ok: false, problems };
      const r = checkProblem(pt.text, input.domain);
      if (!r.ok || !r.problem) return { ok: false, problems: r.diagnostics.map((d) => d.message) };
      return { ok: true, value: r.problem.init.flatMap((e) => (e.kind === 'atom' ? [e.atom] : [])) };
    },
    options.maxRounds ?? 1,
  );
}
