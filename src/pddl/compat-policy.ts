/**
 * The input compatibility policy: for every departure from the PDDL standard
 * that real files contain, what `check`, `validate` and `plan` do with it,
 * and what Fast Downward's translator and VAL do (with the message each
 * prints). `plan` accepts what Fast Downward accepts and a few departures the
 * current Fast Downward refuses but LLM-written and older files need (one
 * warning per departure, saying truthfully what FD does), `plan --strict`
 * refuses every departure, `check` and `validate` judge as VAL does.
 * docs/pddl.md shows this table; a test keeps the two in step.
 */
import type { CompatCode } from './diagnostic-codes.js';
import type { PddlDiagnostic } from './errors.js';

/** Which command judges the input. `strict` is `plan --strict`. */
export type CompatMode = 'check' | 'validate' | 'plan' | 'strict';

/**
 * What another tool does with a departure: its verdict and, when it prints
 * something, the message verbatim (the docs quote it), plus how or since when.
 */
export interface ToolBehaviour {
  verdict: 'accepts' | 'accepts silently' | 'warns' | 'refuses' | 'warns or refuses' | 'crashes' | 'not verified';
  /** What the tool prints, verbatim (a prefix when the rest names the file's symbols). */
  says?: string;
  /** How, or which version; plain words. */
  note?: string;
}

/** A tool's behaviour as the docs table's cell renders it: `refuses: "Undefined object: wrench" (note)`. */
export function toolCell(t: ToolBehaviour): string {
  const says = t.says === undefined ? '' : `: "${t.says}"`;
  const note = t.note === undefined ? '' : t.says === undefined ? `: ${t.note}` : ` (${t.note})`;
  return `${t.verdict}${says}${note}`;
}

export interface CompatRule {
  /** What the departure is, in a few words (the docs table's first column). */
  diagnostic: string;
  check: 'error' | 'warning';
  validate: 'error' | 'warning';
  plan: 'accept-with-warning' | 'refuse';
  /**
   * What `plan` did with it, appended to its warning, e.g. "kept as given, as Fast Downward does".
   * It names Fast Downward only truthfully: "as Fast Downward does" when FD accepts, "Fast Downward refuses it" when it refuses.
   */
  accepted: string;
  /** Fast Downward's translator, current release (`--alias lama-first`). */
  fastDownward: ToolBehaviour;
  /** VAL's `Validate` (parser and type checker). */
  val: ToolBehaviour;
}

/**
 * A departure `plan` accepts with a warning ending in `accepted`, and that `check` and
 * `validate` both give `severity` (VAL's verdict): the shape of every rule so far.
 */
function acceptedDeparture(severity: 'error' | 'warning', diagnostic: string, accepted: string, fastDownward: ToolBehaviour, val: ToolBehaviour): CompatRule {
  return { diagnostic, check: severity, validate: severity, plan: 'accept-with-warning', accepted, fastDownward, val };
}

/** One row per departure: `code: acceptedDeparture(severity, diagnostic, accepted, Fast Downward, VAL)`. */
export const COMPAT_POLICY: Readonly<Record<CompatCode, CompatRule>> = {
  'constant-in-problem': acceptedDeparture('warning', 'the domain uses a constant that only the problem declares (tyreworld: `wrench`)', "resolved to the problem's object, as older Fast Downward versions did (the current one refuses it)", { verdict: 'refuses', says: 'Undefined object: wrench', note: 'the current translator; older versions accepted it, constants and objects forming one list when the task was instantiated, which is how tyreworld was run' }, { verdict: 'warns', says: 'Undeclared symbol: wrench', note: "while reading the domain, and adds the symbol; the problem's declaration is then a re-declaration, a warning or an error by VAL version" }),
  'init-type-mismatch': acceptedDeparture('error', "an init fact whose argument does not fit the predicate's parameter type (VirtualHome: `(facing couch television)`)", 'kept as given, as Fast Downward does', { verdict: 'accepts silently', note: 'the translator does not type-check :init, the fact is kept' }, { verdict: 'refuses', says: 'Type problem in problem specification!', note: 'its type checker, before any plan is read' }),
  'missing-requirement': acceptedDeparture('warning', 'a construct used without its `:requirements` flag (`not` without `:negative-preconditions`, ...)', 'accepted, as Fast Downward does', { verdict: 'accepts silently', note: 'requirements are read, not enforced' }, { verdict: 'warns', says: 'Undeclared requirement' }),
  'types-section-missing': acceptedDeparture('error', 'typed names (`?x - object`) in a domain without a `(:types ...)` section', 'read as the built-in type object, as Fast Downward does', { verdict: 'accepts', note: '`object` is always declared' }, { verdict: 'refuses', says: 'no :types section, but types used in definitions' }),
  'object-redeclared': acceptedDeparture('warning', '`object` listed in `(:types ...)`', 'ignored (object is built in), as Fast Downward does', { verdict: 'accepts', note: 'a second type named object with parent object' }, { verdict: 'accepts', note: 'a type may be declared more than once' }),
  'either-in-types': acceptedDeparture('warning', 'a type declared with an `(either ...)` parent in `(:types ...)`', 'read as a subtype of each listed type', { verdict: 'refuses', says: "Keyword 'either' is not supported, type value is expected to be a single word." }, { verdict: 'accepts', note: 'its grammar allows it, with a note that it should not' }),
  'duplicate-predicate': acceptedDeparture('error', 'a predicate declared twice with the same parameter types', 'the repeated declaration is ignored, as Fast Downward does', { verdict: 'accepts silently', note: 'one predicate per name; the later declaration wins' }, { verdict: 'refuses', says: 'Re-declaration of symbol in same scope' }),
  'duplicate-type': acceptedDeparture('warning', 'a type declared twice (IPC storage: with two different parents)', 'a subtype of every parent given, as Fast Downward reads it', { verdict: 'accepts', note: 'every declaration adds a parent' }, { verdict: 'accepts', note: 'repeated declarations give multiple inheritance' }),
  'undeclared-parent-type': acceptedDeparture('warning', 'a parent type used in `(:types ...)` but not declared itself', 'treated as a subtype of object, as Fast Downward does', { verdict: 'accepts', note: 'the parent becomes a type' }, { verdict: 'accepts', note: 'types are created when first named' }),
  'empty-effect': acceptedDeparture('warning', 'an action with an empty effect, `:effect ()` or `:effect (and)`', 'the action changes nothing and is left out of the ground task, as Fast Downward does', { verdict: 'accepts', note: 'drops the action' }, { verdict: 'accepts', note: '`()` is an empty effect in its grammar' }),
  'glued-variable': acceptedDeparture('warning', 'a variable glued to a name, `(aircraft?a)` (IPC zenotravel)', 'read as two tokens, as Fast Downward does', { verdict: 'accepts silently', note: 'its tokenizer puts a space before every `?`' }, { verdict: 'accepts', note: "a name cannot contain `?`, so the lexer ends the name there (seen in the IPC-2000 validator's lexer)" }),
  'object-is-constant': acceptedDeparture('warning', "a problem object that is also one of the domain's constants", 'one object', { verdict: 'refuses', says: 'error: duplicate object', note: 'then "please check :constants and :objects definitions"' }, { verdict: 'warns or refuses', says: 'Re-declaration of symbol in same scope', note: 'by VAL version' }),
  'domain-mismatch': acceptedDeparture('warning', "the problem's `(:domain NAME)` differs from the domain's name", 'the domain given is used', { verdict: 'refuses', says: 'The domain name specified by the task (walking) does not match the name specified by the domain file (walk).' }, { verdict: 'not verified' }),
  'undeclared-total-cost': acceptedDeparture('warning', "`(total-cost)` in the problem's :init or :metric, but no `(:functions (total-cost))` in the domain", 'read as a cost counter starting at 0, as Fast Downward does', { verdict: 'accepts', note: ':init assignments and the metric are not checked against :functions' }, { verdict: 'crashes', says: 'Segmentation fault', note: 'on this fixture, with no verdict; measured for issue 24' }),
  'undeclared-object-in-init': acceptedDeparture('error', 'an init fact naming an object that neither `:objects` nor `:constants` declares (EAI BEHAVIOR `cleaning_floors_0_Merom_0_int_1`: `cleansing_agent_n_01_1`)', 'kept as given (an object of no type, which no typed parameter takes); Fast Downward refuses it', { verdict: 'refuses', says: 'Undefined object', note: 'the current translator checks :init atoms against the declared objects' }, { verdict: 'warns', says: 'Undeclared symbol', note: 'adds it untyped; what its type checker then says is not verified here' }),
  'undeclared-predicate-in-init': acceptedDeparture('error', 'an init fact of a predicate that `(:predicates ...)` does not declare', 'kept as given (no action or goal can use it); Fast Downward refuses it', { verdict: 'refuses', says: 'Undefined predicate', note: 'the current translator checks :init atoms against the predicates' }, { verdict: 'warns', says: 'Undeclared symbol', note: 'what follows is not verified here' }),
};

export function isCompatCode(code: string): code is CompatCode {
  return Object.prototype.hasOwnProperty.call(COMPAT_POLICY, code);
}

/** The checker's message without its hint (the text after the first `; `). */
function headline(message: string): string {
  const semi = message.indexOf('; ');
  return semi >= 0 ? message.slice(0, semi) : message;
}

/**
 * The diagnostics as `mode` judges them: a departure in the policy table gets the
 * mode's severity (plan: a warning saying what was done with it; strict: an error);
 * every other diagnostic is unchanged.
 */
export function judge(diagnostics: readonly PddlDiagnostic[], mode: CompatMode): PddlDiagnostic[] {
  const seen = new Set<string>();
  const out: PddlDiagnostic[] = [];
  for (const d of diagnostics) {
    if (!isCompatCode(d.code)) {
      out.push(d);
      continue;
    }
    const rule = COMPAT_POLICY[d.code];
    if (mode === 'check' || mode === 'validate') {
      out.push({ ...d, severity: rule[mode] });
      continue;
    }
    // plan and plan --strict: each departure once, at its first place, in its own words
    if (d.departure !== undefined) {
      const key = `${d.code} ${d.departure}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const what = d.departure ?? headline(d.message);
    if (mode === 'strict') out.push({ ...d, severity: 'error', message: `${what}: refused by --strict (a departure from PDDL)` });
    else if (rule.plan === 'refuse') out.push({ ...d, severity: 'error' });
    else out.push({ ...d, severity: 'warning', message: `${what}: ${rule.accepted}` });
  }
  return out;
}

/** The departures (policy diagnostics) among `diagnostics`. */
export function departures(diagnostics: readonly PddlDiagnostic[]): PddlDiagnostic[] {
  return diagnostics.filter((d) => isCompatCode(d.code));
}
