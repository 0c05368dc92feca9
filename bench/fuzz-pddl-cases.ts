/**
 * The PDDL fuzzer's cases (bench/fuzz-pddl.ts runs them; bench/fuzz-pddl.test.ts
 * runs a few). Real IPC tasks (each domain with its smallest problem and a plan
 * found once) are mutated by a seeded Rng: tokens and parentheses deleted,
 * inserted or duplicated, keywords swapped, random bytes, truncation, huge
 * numbers, deep nesting, unicode. Each case goes through check, plan and
 * validate as the CLI and the MCP tools call them. A case crashes when anything
 * but a located InputError escapes, or when a diagnostic has no line:col.
 *
 * Also measured here: where one inserted or deleted parenthesis is reported
 * (src/pddl/paren-balance.ts), as a hit when the reported position lies in the
 * top-level block (the action, (:init ...), ...) the edit was made in.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/core/errors.js';
import { Rng } from '../src/core/rng.js';
import { checkTask } from '../src/pddl/check-task.js';
import { PddlParseError, type PddlDiagnostic } from '../src/pddl/errors.js';
import { readSExprs } from '../src/pddl/sexpr.js';
import { planPddl } from '../src/pipeline/plan-pddl.js';
import { parsePlan } from '../src/validate/plan-file.js';
import { validatePlan } from '../src/validate/validate-plan.js';

export interface FuzzTask {
  name: string;
  domain: string;
  problem: string;
  plan: string;
}

/** Every IPC domain with its smallest problem and a plan for it (planned once, 20 s each at most). */
export function loadTasks(ipcDir: string): FuzzTask[] {
  const tasks: FuzzTask[] = [];
  for (const d of readdirSync(ipcDir, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const dir = join(ipcDir, d.name);
    const files = readdirSync(dir).filter((f) => f.endsWith('.pddl'));
    const domainFile = files.find((f) => f === 'domain.pddl') ?? files.find((f) => f.includes('domain'));
    if (!domainFile) continue;
    const problems = files.filter((f) => !f.includes('domain')).map((f) => ({ f, text: readFileSync(join(dir, f), 'utf8') }));
    problems.sort((a, b) => a.text.length - b.text.length);
    const problem = problems[0];
    if (!problem) continue;
    // airport-style folders pair each problem with its own domain file
    const prefix = /^(p\d+)-/.exec(problem.f)?.[1];
    const own = prefix ? files.find((f) => f === `${prefix}-domain.pddl`) : undefined;
    const domain = readFileSync(join(dir, own ?? domainFile), 'utf8');
    // A state cap, not a wall-clock budget, decides which tasks load: parking's smallest problem needs ~16k states
    // and 10–20 s of CPU, so a 20 s wall budget dropped it on a loaded machine. The time limit only guards a hang.
    const r = planPddl({ text: domain }, { text: problem.text }, { maxStates: 200_000, timeoutMs: 50_000 });
    if (r.status !== 'solved') continue;
    tasks.push({ name: `${d.name}/${problem.f}`, domain, problem: problem.text, plan: r.planText });
  }
  return tasks;
}

/** Every `.pddl` text under `dir`. */
export function loadPddlFiles(dir: string): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...loadPddlFiles(p).map((f) => ({ ...f, name: `${d.name}/${f.name}` })));
    else if (d.name.endsWith('.pddl')) out.push({ name: d.name, text: readFileSync(p, 'utf8') });
  }
  return out;
}

export const MUTATIONS = [
  'delete-token',
  'insert-token',
  'duplicate-token',
  'swap-tokens',
  'delete-paren',
  'insert-paren',
  'swap-keyword',
  'random-bytes',
  'truncate',
  'huge-number',
  'deep-nesting',
  'unicode',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

const KEYWORDS = [':action', ':parameters', ':precondition', ':effect', ':predicates', ':types', ':constants', ':objects', ':init', ':goal', ':requirements', ':domain', ':functions', ':derived', ':metric', 'and', 'or', 'not', 'imply', 'forall', 'exists', 'when', 'either', '=', 'increase', 'define', 'domain', 'problem', '-', 'object'];
const FRAGMENTS = [...KEYWORDS, '(', ')', '?x', '?', '(and', '(not', '(total-cost)', ':strips', ':typing', ':adl', ';', '"', '()', '(= ?x ?y)', '(increase (total-cost) 1)', 'minimize'];
const NUMBERS = ['1e400', '-1e400', '99999999999999999999999999', '1e-400', 'NaN', 'Infinity', '-0', '0x1f', '1.', '.5e', '9'.repeat(400)];
const UNICODE = ['ñame', '名前', '🙂', 'a\u0301', '\u202e', '\u2028', '\u0130', '\ufeff', '\u00a0', '\ud800', '\u200b', 'ǅ', 'ß'];

/** Tokens with their separators kept, so that joining gives the text back. */
function tokens(text: string): string[] {
  return text.match(/\(|\)|[^\s()]+|\s+/g) ?? [];
}

function randomBytes(rng: Rng): string {
  let s = '';
  const n = 1 + rng.int(8);
  for (let i = 0; i < n; i++) {
    const range = rng.int(5);
    const code = range === 0 ? rng.int(0x20) : range === 1 ? 0x20 + rng.int(0x5f) : range === 2 ? 0x80 + rng.int(0x80) : range === 3 ? 0xd800 + rng.int(0x800) : 0xfff0 + rng.int(0x10);
    s += String.fromCharCode(code);
  }
  return s;
}

/** Applies one mutation of `kind` to `text`. */
export function mutate(text: string, kind: Mutation, rng: Rng): string {
  const ts = tokens(text);
  if (ts.length === 0) return kind === 'random-bytes' ? randomBytes(rng) : text;
  const solid = ts.map((t, i) => (/^\s/.test(t) ? -1 : i)).filter((i) => i >= 0);
  const some = (): number => (solid.length ? solid[rng.int(solid.length)] : rng.int(ts.length));
  const parens = ts.map((t, i) => (t === '(' || t === ')' ? i : -1)).filter((i) => i >= 0);
  switch (kind) {
    case 'delete-token':
      ts.splice(some(), 1);
      break;
    case 'insert-token':
      ts.splice(some(), 0, rng.pick(FRAGMENTS), ' ');
      break;
    case 'duplicate-token': {
      const i = some();
      ts.splice(i, 0, ts[i]);
      break;
    }
    case 'swap-tokens': {
      const i = some();
      const j = some();
      [ts[i], ts[j]] = [ts[j], ts[i]];
      break;
    }
    case 'delete-paren':
      if (parens.length) ts.splice(rng.pick(parens), 1);
      break;
    case 'insert-paren':
      ts.splice(some(), 0, rng.chance(0.5) ? '(' : ')');
      break;
    case 'swap-keyword': {
      const kw = solid.filter((i) => KEYWORDS.includes(ts[i].toLowerCase()));
      ts[kw.length ? rng.pick(kw) : some()] = rng.pick(KEYWORDS);
      break;
    }
    case 'random-bytes':
      ts.splice(rng.int(ts.length + 1), 0, randomBytes(rng));
      break;
    case 'truncate':
      return text.slice(0, rng.int(text.length));
    case 'huge-number':
      ts[some()] = rng.pick(NUMBERS);
      break;
    case 'deep-nesting': {
      const n = rng.pick([20, 300, 990, 1001, 5000, 60_000]);
      const i = some();
      ts.splice(i, 1, `${'('.repeat(n)}${ts[i]}${')'.repeat(n)}`);
      break;
    }
    case 'unicode': {
      const u = rng.pick(UNICODE);
      const i = some();
      if (rng.chance(0.5)) ts[i] = `${ts[i]}${u}`;
      else ts.splice(i, 0, u, ' ');
      break;
    }
  }
  return ts.join('');
}

export type Tool = 'check' | 'plan' | 'validate';
export const TOOLS: readonly Tool[] = ['check', 'plan', 'validate'];

/** How a tool took a case: accepted it, rejected it with located errors, or failed (the fuzzer's findings). */
export type Verdict = 'accepted' | 'rejected' | 'crash' | 'unlocated';

export interface CaseResult {
  index: number;
  task: string;
  target: 'domain' | 'problem' | 'plan';
  mutations: Mutation[];
  verdicts: Record<Tool, Verdict>;
  ms: Record<Tool, number>;
  /** Error diagnostics seen (all tools), and how many had a line:col. */
  errors: number;
  located: number;
  /** What went wrong, for a crash or an unlocated error. */
  detail?: string;
  texts: { domain: string; problem: string; plan: string };
}

/** A rejection the fuzz run counts: a PDDL diagnostic, or a plan step the validator refuses (`plan-REASON`). */
type Rejection = Omit<PddlDiagnostic, 'code'> & { code: string };

function isLocated(d: Rejection): boolean {
  return d.span !== undefined && d.span.start.line >= 1 && d.span.start.col >= 1;
}

/** The mutated texts of case `index` (deterministic in `seed` and `index`). */
export function caseTexts(tasks: readonly FuzzTask[], seed: number, index: number): Pick<CaseResult, 'task' | 'target' | 'mutations' | 'texts'> {
  const rng = new Rng(`fuzz-pddl:${seed}:${index}`);
  const task = rng.pick(tasks);
  const target = rng.pick(['domain', 'domain', 'problem', 'problem', 'plan'] as const);
  const mutations: Mutation[] = [];
  let text = task[target];
  for (let k = 1 + rng.int(3); k > 0; k--) {
    const m = rng.pick(MUTATIONS);
    mutations.push(m);
    text = mutate(text, m, rng);
  }
  return { task: task.name, target, mutations, texts: { domain: task.domain, problem: task.problem, plan: task.plan, [target]: text } };
}

/** Runs case `index` through check, plan (bounded by `planTimeoutMs`) and validate. */
export function runCase(tasks: readonly FuzzTask[], seed: number, index: number, planTimeoutMs: number): CaseResult {
  const c = caseTexts(tasks, seed, index);
  const { domain, problem, plan } = c.texts;
  const r: CaseResult = { index, ...c, verdicts: { check: 'accepted', plan: 'accepted', validate: 'accepted' }, ms: { check: 0, plan: 0, validate: 0 }, errors: 0, located: 0 };
  const judge = (tool: Tool, errors: readonly Rejection[]): void => {
    const errs = errors.filter((d) => d.severity === 'error');
    r.errors += errs.length;
    const unlocated = errs.filter((d) => !isLocated(d));
    r.located += errs.length - unlocated.length;
    if (unlocated.length) {
      r.verdicts[tool] = 'unlocated';
      r.detail ??= `${tool}: [${unlocated[0].code}] ${unlocated[0].message}`;
    } else if (errs.length) r.verdicts[tool] = 'rejected';
  };
  const run = (tool: Tool, body: () => void): void => {
    const t0 = performance.now();
    try {
      body();
    } catch (err) {
      if (tool === 'validate' && err instanceof InputError && err.span) {
        r.errors++;
        r.located++;
        r.verdicts.validate = 'rejected';
      } else {
        r.verdicts[tool] = 'crash';
        r.detail ??= `${tool}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
      }
    }
    r.ms[tool] = performance.now() - t0;
  };
  const D = { text: domain, file: 'domain.pddl' };
  const P = { text: problem, file: 'problem.pddl' };
  run('check', () => {
    const tc = checkTask(D, P);
    judge('check', [...tc.domainDiagnostics, ...tc.problemDiagnostics]);
  });
  run('plan', () => {
    const p = planPddl(D, P, { timeoutMs: planTimeoutMs, maxBytes: 256 * 1024 * 1024 });
    if (p.status === 'input-error') judge('plan', p.errors);
  });
  run('validate', () => {
    const tc = checkTask(D, P, 'validate');
    judge('validate', [...tc.domainDiagnostics, ...tc.problemDiagnostics]);
    if (!tc.ok || !tc.domain || !tc.problem) return;
    const steps = parsePlan(plan, 'plan.txt');
    const v = validatePlan(tc.domain, tc.problem, steps);
    if (v.status === 'invalid' && v.reason !== 'precondition' && v.reason !== 'goal') {
      // the CLI reports these at the step (or its argument) in the plan file
      const s = steps[v.stepIndex];
      const span = v.argIndex !== undefined ? s.argSpans[v.argIndex] : v.reason === 'unknown-action' ? s.nameSpan : s.span;
      judge('validate', [{ code: `plan-${v.reason}`, message: v.message, severity: 'error', ...(span ? { span } : {}) }]);
    }
  });
  return r;
}

export type ParenEdit = 'delete (' | 'delete )' | 'insert (' | 'insert )';

/** One parenthesis inserted or deleted in `text`, and whether the reader reports it in the edited block. */
export interface ParenCase {
  edit: ParenEdit;
  /** Undefined when the edit left the text readable (inside a comment). */
  hit?: boolean;
  message?: string;
}

/** The top-level block (child of the first list) holding `offset`, or -1. */
function blockAt(blocks: readonly (readonly [number, number])[], offset: number): number {
  return blocks.findIndex(([s, e]) => offset >= s && offset < e);
}

export function parenCase(text: string, rng: Rng): ParenCase {
  const top = readSExprs(text)[0];
  const blocks = top?.type === 'list' ? top.items.filter((x) => x.type === 'list').map((x) => [x.span.start.offset, x.span.end.offset] as const) : [];
  const edit = rng.pick(['delete (', 'delete )', 'insert (', 'insert )'] as const);
  const ch = edit.slice(-1);
  const spots: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (edit.startsWith('delete') ? text[i] === ch : /\S/.test(text[i]) && (i === 0 || /[\s()]/.test(text[i - 1]) || text[i] === '(' || text[i] === ')')) spots.push(i);
  }
  const at = rng.pick(spots);
  const mutated = edit.startsWith('delete') ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + ch + text.slice(at);
  try {
    readSExprs(mutated);
    return { edit };
  } catch (err) {
    if (!(err instanceof PddlParseError) || !err.span) throw err;
    // the reported offset, in the unedited text
    let off = err.span.start.offset;
    if (edit.startsWith('delete') && off >= at) off++;
    if (edit.startsWith('insert') && off > at) off--;
    return { edit, hit: blockAt(blocks, off) === blockAt(blocks, at), message: err.message };
  }
}
