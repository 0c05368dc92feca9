/**
 * Parsing the baselines' free-text answers: `think: …` (a thought) or one
 * action `Open(area)`, `Pick(area, object)`, `Place(area)` (case-insensitive,
 * optional quotes, a leading `Action:`/`>` and trailing period tolerated).
 * Names are checked against the layout and the current observation: an
 * action naming an area or object that does not exist (or an object that is
 * not visible) is `invalid` with a message — the agent turns it into an
 * infeasible step, never a crash.
 */
import type { KitchenLayout, NamedObservation } from '../../envs/kitchen/index.js';
import { closestName } from '../../envs/kitchen/index.js';

export type ParsedAnswer =
  | { kind: 'think'; text: string }
  | { kind: 'action'; action: string }
  | { kind: 'invalid'; text: string; message: string };

const ACTION_RE = /^(open|pick|place)\s*\(\s*([^,()]*?)\s*(?:,\s*([^,()]*?)\s*)?\)$/i;

function clean(name: string): string {
  return name.trim().replace(/^['"`]+|['"`]+$/g, '').trim();
}

function suggestion(name: string, names: readonly string[]): string {
  const near = closestName(name, names);
  return near !== undefined ? ` (did you mean '${near}'?)` : '';
}

/** The last non-empty line that looks like an answer, without decorations. */
function answerLine(text: string): string {
  const stripped = text.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  if (/^think\s*:/i.test(stripped)) return stripped;
  const lines = stripped.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('```'));
  const actionLine = [...lines].reverse().find((l) => ACTION_RE.test(decorate(l)));
  return actionLine ?? lines[0] ?? '';
}

function decorate(line: string): string {
  return line.replace(/^(>\s*|action\s*:\s*|next action\s*:\s*|\d+[.)]\s*)/i, '').replace(/[.;]+$/, '').replace(/^\*\*|\*\*$/g, '').trim();
}

/** Parses one answer against the layout and what is visible now. */
export function parseAnswer(text: string, layout: KitchenLayout, obs: NamedObservation): ParsedAnswer {
  const line = answerLine(text);
  if (/^think\s*:/i.test(line)) return { kind: 'think', text: line.replace(/^think\s*:\s*/i, '').trim() };
  const body = decorate(line);
  const m = ACTION_RE.exec(body);
  if (!m) {
    return { kind: 'invalid', text: body, message: `'${body.slice(0, 80)}' is not an action: answer Open(area), Pick(area, object), Place(area) or 'think: ...'` };
  }
  const verb = m[1].toLowerCase();
  const area = clean(m[2]);
  if (!layout.areaIndex.has(area)) {
    return { kind: 'invalid', text: body, message: `there is no area '${area}' in this kitchen${suggestion(area, layout.areas)}` };
  }
  if (verb === 'pick') {
    if (m[3] === undefined) return { kind: 'invalid', text: body, message: 'Pick needs an area and an object: Pick(area, object)' };
    const object = clean(m[3]);
    const visible = obs.objects.map((o) => o.object);
    if (!visible.includes(object)) {
      return { kind: 'invalid', text: body, message: `there is no visible object '${object}'${suggestion(object, visible)}` };
    }
    return { kind: 'action', action: `PICK(${area}, ${object})` };
  }
  if (m[3] !== undefined) return { kind: 'invalid', text: body, message: `${verb === 'open' ? 'Open' : 'Place'} takes one area, not two arguments` };
  return { kind: 'action', action: `${verb.toUpperCase()}(${area})` };
}

/** Format check for the repair turn: does the text contain a thought or an action at all? */
export function answerFormatProblems(text: string): string[] {
  const line = answerLine(text);
  if (/^think\s*:/i.test(line)) return [];
  if (ACTION_RE.test(decorate(line))) return [];
  return ["answer with exactly one line: either 'think: <your reasoning>' or one action Open(area), Pick(area, object) or Place(area)"];
}
