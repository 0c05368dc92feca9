/**
 * Where unbalanced parentheses most likely go wrong. The reader only knows
 * that a '(' is still open at the end of the input, or that a ')' has no
 * match; both are usually far from the mistake (1:1, or the last line). This
 * reads the text again as a person would: a section keyword (`(:action`,
 * `(:init`, ...) must sit directly inside `(define ...)`, `:parameters` /
 * `:precondition` / `:effect` directly inside an action, `and` / `not` / ...
 * only at the head of a list, and a line starting left of the line that
 * opened a list (or at its column, for an atom like `(at a b)`) ends that list. Each departure is an anomaly. It then tries
 * every one-parenthesis repair near the first anomaly (insert or delete a
 * ')' or '(') and keeps the one after which the text reads with the fewest
 * anomalies (the latest on ties): that repair names the list that does not
 * close, or the stray parenthesis and the list it closes early.
 *
 * Runs only on the reader's error path; bounded by CANDIDATES × WINDOW token steps.
 */
import type { SourcePos } from '../core/errors.js';

/** What the reader reports instead of its own location. */
export interface ImbalanceReport {
  /** The opening '(' that does not close, the stray parenthesis, or where a '(' is missing. */
  at: SourcePos;
  message: string;
}

const enum Kind {
  Open = 0,
  Close = 1,
  Atom = 2,
}

/** Atom classes that the anomalies look at. */
const enum Word {
  Other = 0,
  Define = 1,
  Section = 2,
  Action = 3,
  Header = 4,
  ActionKey = 5,
  Connective = 6,
}

const WORDS = new Map<string, Word>([
  ['define', Word.Define],
  ...[':requirements', ':types', ':constants', ':predicates', ':functions', ':derived', ':objects', ':init', ':goal', ':metric', ':constraints', ':domain', ':extends', ':timeless'].map(
    (w): [string, Word] => [w, Word.Section],
  ),
  [':action', Word.Action],
  [':durative-action', Word.Action],
  ['domain', Word.Header],
  ['problem', Word.Header],
  ...[':parameters', ':precondition', ':effect', ':vars', ':duration', ':condition'].map((w): [string, Word] => [w, Word.ActionKey]),
  ...['and', 'or', 'not', 'imply', 'forall', 'exists', 'when'].map((w): [string, Word] => [w, Word.Connective]),
]);

const TAB = 8;
/** Repairs tried, nearest to the first anomaly first. */
const CANDIDATES = 400;
/** Tokens read past the first anomaly to judge a repair. */
const WINDOW = 1500;

/** The tokens of a text as parallel arrays (a large problem file has ~10^6 tokens). */
interface Tokens {
  n: number;
  kind: Uint8Array;
  word: Uint8Array;
  offset: Int32Array;
  end: Int32Array;
  line: Int32Array;
  col: Int32Array;
  /** Visual column (tabs to multiples of 8), for indentation. */
  vcol: Int32Array;
  /** 1 when the token is the first of its line. */
  first: Uint8Array;
  /** Visual column of the first token of the token's line. */
  indent: Int32Array;
}

function tokenize(text: string): Tokens {
  let cap = 1024;
  let t = alloc(cap);
  let n = 0;
  let line = 1;
  let col = 1;
  let vcol = 1;
  let lineFirst = true;
  let lineIndent = 1;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      line++;
      col = 1;
      vcol = 1;
      lineFirst = true;
      i++;
      continue;
    }
    if (c === 0x09) {
      vcol = Math.floor((vcol - 1) / TAB) * TAB + TAB + 1;
      col++;
      i++;
      continue;
    }
    if (c === 0x20 || c === 0x0d || c === 0x0c || c === 0x0b || c === 0xa0 || c === 0xfeff) {
      col++;
      vcol++;
      i++;
      continue;
    }
    if (c === 0x3b) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
      continue;
    }
    if (n === cap) {
      cap *= 2;
      t = grow(t, cap);
    }
    if (lineFirst) lineIndent = vcol;
    t.offset[n] = i;
    t.line[n] = line;
    t.col[n] = col;
    t.vcol[n] = vcol;
    t.first[n] = lineFirst ? 1 : 0;
    t.indent[n] = lineIndent;
    lineFirst = false;
    if (c === 0x28 || c === 0x29) {
      t.kind[n] = c === 0x28 ? Kind.Open : Kind.Close;
      i++;
      col++;
      vcol++;
    } else {
      const from = i;
      while (i < text.length) {
        const d = text.charCodeAt(i);
        if (d === 0x28 || d === 0x29 || d === 0x3b || d === 0x20 || d === 0x09 || d === 0x0a || d === 0x0d) break;
        i++;
      }
      col += i - from;
      vcol += i - from;
      t.kind[n] = Kind.Atom;
      t.word[n] = WORDS.get(text.slice(from, i).toLowerCase()) ?? Word.Other;
    }
    t.end[n] = i;
    n++;
  }
  t.n = n;
  return t;
}

function alloc(cap: number): Tokens {
  return {
    n: 0,
    kind: new Uint8Array(cap),
    word: new Uint8Array(cap),
    offset: new Int32Array(cap),
    end: new Int32Array(cap),
    line: new Int32Array(cap),
    col: new Int32Array(cap),
    vcol: new Int32Array(cap),
    first: new Uint8Array(cap),
    indent: new Int32Array(cap),
  };
}

function grow(t: Tokens, cap: number): Tokens {
  const u = alloc(cap);
  for (const k of ['kind', 'word', 'offset', 'end', 'line', 'col', 'vcol', 'first', 'indent'] as const) u[k].set(t[k]);
  return u;
}

/** An open list while reading. `open` is the token index of its '(' (-1 for an inserted one before `at`). */
interface Frame {
  open: number;
  /** Token index the frame's position is taken from (the '(' or, for an inserted '(', the token after it). */
  at: number;
  head: Word | undefined;
  /** Children so far (the head is the first). */
  kids: number;
  /** For an action: where each child starts (to restore `kids` at an earlier token). */
  starts?: number[];
  parent: Frame | undefined;
  depth: number;
}

/** A one-parenthesis repair: `delete` the parenthesis at token `at`, or `insert` one before token `at` (`n` = the end). */
interface Repair {
  op: 'insert-close' | 'delete-open' | 'delete-close' | 'insert-open';
  at: number;
}

class Reader {
  anomalies = 0;
  /** Token index of the first anomaly (`t.n` for the end of the input), when `stopAtFirst`. */
  firstAnomaly = -1;
  top: Frame | undefined;
  /** The define list has been closed (content after it at the top level is an anomaly). */
  closedTop = false;
  /** The ')' that closed the top-level list, and the '(' of the last list closed directly inside it. */
  rootClose = -1;
  lastBlock = -1;
  /** The stack before each token, and whether the top-level list had closed (only when `record`). */
  readonly before: (Frame | undefined)[] = [];
  readonly closedBefore: Uint8Array;

  constructor(
    readonly t: Tokens,
    readonly withDefine: boolean,
    readonly stopAtFirst: boolean,
    readonly record: boolean,
  ) {
    this.closedBefore = new Uint8Array(record ? t.n : 0);
  }

  /** Scoring stops once this many anomalies are found (a repair no better than the best so far). */
  enough = Infinity;

  private flag(i: number): boolean {
    this.anomalies++;
    if (this.stopAtFirst && this.firstAnomaly < 0) this.firstAnomaly = i;
    return this.stopAtFirst || this.anomalies >= this.enough;
  }

  /**
   * Does a line starting at token `i` end `f`? It starts left of `f`'s '(' (or of the line
   * holding it, when `f` is not first on its line); or, when `f` is first on its line, at the
   * same column, if `f` is an atom's list like `(at a b)` (a keyword's list, `(and` or
   * `(:action`, may continue there) or a top-level list outside define (a plan's steps).
   */
  private ends(f: Frame, i: number): boolean {
    const t = this.t;
    const col = t.first[f.at] ? t.vcol[f.at] : t.indent[f.at];
    // an atom's list (head not a keyword) never continues at its own column
    return t.vcol[i] < col || (t.vcol[i] === col && t.first[f.at] === 1 && ((f.depth === 0 && !this.withDefine) || f.head === Word.Other));
  }

  /**
   * Token `i` starts a child of `f` (`w`: its word when an atom, undefined for a list).
   * An action reads `(:action name :key value :key value ...)`. Returns true for an anomaly.
   */
  private child(f: Frame, i: number, w: Word | undefined): boolean {
    const k = f.kids++;
    if (f.starts) f.starts.push(i);
    if (f.head !== Word.Action || k < 2) return false;
    return k % 2 === 0 ? w !== Word.ActionKey : w === Word.ActionKey;
  }

  /** Reads token `i` (or an inserted parenthesis positioned at token `i`); returns true to stop. */
  step(i: number, kind: Kind, inserted = false): boolean {
    const t = this.t;
    if (this.record && !inserted) {
      this.before[i] = this.top;
      this.closedBefore[i] = this.closedTop ? 1 : 0;
    }
    if (i < t.n && t.first[i] && kind !== Kind.Close && !inserted) {
      for (let f = this.top; f; f = f.parent) {
        if (f.at !== i && this.ends(f, i)) {
          if (this.flag(i)) return true;
          break;
        }
      }
    }
    if (this.top === undefined && this.closedTop && this.withDefine && kind !== Kind.Close) {
      if (this.flag(i)) return true;
    }
    if (kind === Kind.Open) {
      const p = this.top;
      this.top = { open: inserted ? -1 : i, at: i, head: undefined, kids: 0, parent: p, depth: p ? p.depth + 1 : 0 };
      // a list never starts with a list in PDDL: '((' has one '(' too many
      if (p && (p.kids === 0 || this.child(p, i, undefined)) && this.flag(i)) return true;
      if (p && p.kids === 0) p.kids = 1;
      return false;
    }
    if (kind === Kind.Close) {
      const f = this.top;
      if (!f) return this.flag(i);
      this.top = f.parent;
      if (f.depth === 1) this.lastBlock = f.open;
      if (!this.top) {
        this.closedTop = true;
        this.rootClose = i;
      }
      return false;
    }
    const f = this.top;
    const w = t.word[i] as Word;
    if (f && f.kids === 0) {
      f.kids = 1;
      f.head = w;
      if (w === Word.Action) f.starts = [i];
      if (!this.withDefine) return false;
      // define at the top; sections directly inside it, and nothing else
      const inDefine = f.parent?.head === Word.Define;
      if (w === Word.Define && f.depth !== 0) return this.flag(i);
      if ((w === Word.Section || w === Word.Action) && !inDefine) return this.flag(i);
      if (inDefine && w !== Word.Section && w !== Word.Action && w !== Word.Header) return this.flag(i);
      return false;
    }
    if (f && this.child(f, i, w) && this.flag(i)) return true;
    if (w === Word.Connective || w === Word.Define || w === Word.Section || w === Word.Action) return this.flag(i);
    if (w === Word.ActionKey && f?.head !== Word.Action) return this.flag(i);
    if (this.withDefine && (f === undefined || f.head === Word.Define)) return this.flag(i);
    return false;
  }

  /** Reads tokens `from` .. `to` (exclusive), applying `repair`; the end of the input counts its open lists. */
  run(from: number, to: number, repair?: Repair): void {
    const t = this.t;
    for (let i = from; i < to; i++) {
      if (repair && repair.at === i) {
        if (repair.op === 'insert-close' && this.step(i, Kind.Close, true)) return;
        if (repair.op === 'insert-open' && this.step(i, Kind.Open, true)) return;
        if (repair.op === 'delete-open' || repair.op === 'delete-close') continue;
      }
      if (this.step(i, t.kind[i] as Kind)) return;
    }
    if (to === t.n) {
      if (repair && repair.at === t.n && repair.op === 'insert-close') this.step(t.n, Kind.Close, true);
      for (let f = this.top; f; f = f.parent) if (this.flag(t.n)) return;
    }
  }
}

/** A copy of the stack as it stood before token `at` (the frames in `before` are mutated later on). */
function restack(top: Frame | undefined, at: number): Frame | undefined {
  if (!top) return undefined;
  // a list's first child is the token after its '('; an action knows where each child starts
  const starts = top.starts?.filter((s) => s < at);
  const kids = starts ? starts.length : top.open + 1 < at ? 1 : 0;
  return { ...top, parent: restack(top.parent, at), kids, head: kids > 0 ? top.head : undefined, ...(starts ? { starts } : {}) };
}

function score(t: Tokens, withDefine: boolean, stack: Frame | undefined, closedTop: boolean, repair: Repair, end: number, enough: number): number {
  const r = new Reader(t, withDefine, false, false);
  r.enough = enough;
  r.top = restack(stack, repair.at);
  r.closedTop = closedTop;
  r.run(repair.at, end, repair);
  return r.anomalies;
}

function where(t: Tokens, i: number): string {
  return i >= t.n ? 'the end of the input' : `${t.line[i]}:${t.col[i]}`;
}

/** `(:action pick-up ...)`, `(and ...)` for a list opened at token `open`. */
function describe(text: string, t: Tokens, open: number): string {
  const words: string[] = [];
  for (let k = open + 1; k < t.n && k <= open + 2 && t.kind[k] === Kind.Atom; k++) words.push(text.slice(t.offset[k], Math.min(t.end[k], t.offset[k] + 40)));
  const head = t.word[open + 1] as Word;
  if (words.length === 2 && head !== Word.Action && head !== Word.Section) words.pop();
  return `(${words.join(' ')}${words.length ? ' ' : ''}...)`;
}

/** The list directly inside `(define ...)` that holds the frame, described with its position. */
function blockOf(text: string, t: Tokens, f: Frame | undefined): string {
  let b = f;
  while (b && b.parent && b.parent.parent) b = b.parent;
  if (!b || !b.parent || b === f || b.open < 0) return '';
  return `, in ${describe(text, t, b.open)} at ${where(t, b.open)}`;
}

function pos(t: Tokens, i: number, text: string): SourcePos {
  if (i >= t.n) {
    const lines = text.split('\n');
    return { line: lines.length, col: lines[lines.length - 1].length + 1, offset: text.length };
  }
  return { line: t.line[i], col: t.col[i], offset: t.offset[i] };
}

/** Where a text first reads wrong (tests: a well-formed text has no such place). */
export function firstAnomaly(text: string): SourcePos | undefined {
  const t = tokenize(text);
  const withDefine = t.n > 1 && t.kind[0] === Kind.Open && t.word[1] === Word.Define;
  const r = new Reader(t, withDefine, true, false);
  r.run(0, t.n);
  return r.firstAnomaly < 0 ? undefined : pos(t, r.firstAnomaly, text);
}

/** The most likely place of a paren imbalance in `text` (the reader has found one). */
export function locateImbalance(text: string): ImbalanceReport | undefined {
  const t = tokenize(text);
  let opens = 0;
  for (let i = 0; i < t.n; i++) if (t.kind[i] === Kind.Open) opens++;
  else if (t.kind[i] === Kind.Close) opens--;
  const withDefine = t.n > 1 && t.kind[0] === Kind.Open && t.word[1] === Word.Define;
  const first = new Reader(t, withDefine, true, true);
  first.run(0, t.n);
  const a = first.firstAnomaly < 0 ? t.n : first.firstAnomaly;
  const end = Math.min(t.n, a + WINDOW);
  const ops: Repair['op'][] = opens > 0 ? ['insert-close', 'delete-open'] : opens < 0 ? ['delete-close', 'insert-open'] : ['delete-close', 'insert-close', 'insert-open', 'delete-open'];
  let best: { repair: Repair; score: number } | undefined;
  let tried = 0;
  for (let at = a; at >= 0 && tried < CANDIDATES; at--) {
    const stack = at < t.n ? first.before[at] : first.top;
    const closedTop = at < t.n ? first.closedBefore[at] === 1 : first.closedTop;
    for (const op of ops) {
      if ((op === 'delete-open' || op === 'delete-close') && (at >= t.n || t.kind[at] !== (op === 'delete-open' ? Kind.Open : Kind.Close))) continue;
      if (op === 'insert-close' && !stack) continue;
      tried++;
      const s = score(t, withDefine, stack, closedTop, { op, at }, end, best?.score ?? Infinity);
      if (!best || s < best.score) best = { repair: { op, at }, score: s };
    }
    if (best && best.score === 0) break;
  }
  if (!best) return undefined;
  const { op, at } = best.repair;
  const stack = at < t.n ? first.before[at] : first.top;
  const near = ` (the text first reads wrong at ${where(t, a)})`;
  switch (op) {
    case 'insert-close': {
      const f = stack as Frame;
      if (at === t.n && f.depth === 0 && withDefine && first.lastBlock >= 0) {
        // The final ')' closed the last block instead of the whole text: a ')' is missing inside that block
        // (most often in a run like '))))', where any of them may be the one), or at the very end.
        const b = first.lastBlock;
        return {
          at: pos(t, b, text),
          message: `${describe(text, t, b)} opened here, the last block, probably lacks a ')', so that the final ')' closes it instead of ${describe(text, t, f.open)} at ${where(t, f.open)}; or the final ')' itself is missing`,
        };
      }
      return {
        at: pos(t, f.open, text),
        message: `${describe(text, t, f.open)} opened here is not closed: a ')' is probably missing before ${where(t, at)}${blockOf(text, t, f)}`,
      };
    }
    case 'delete-open':
      return { at: pos(t, at, text), message: `this '(' is probably one too many${blockOf(text, t, { open: at, at, head: undefined, kids: 0, parent: stack, depth: (stack?.depth ?? -1) + 1 })}${near}` };
    case 'delete-close': {
      const f = stack;
      if (!f && withDefine && first.rootClose >= 0 && first.lastBlock >= 0) {
        // Nothing is open at the last ')': a ')' too many in the last block closed the whole text early, here.
        const b = first.lastBlock;
        return {
          at: pos(t, first.rootClose, text),
          message: `this ')' closes ${describe(text, t, 0)} at ${where(t, 0)} too early: the last block ${describe(text, t, b)} at ${where(t, b)} probably has one ')' too many`,
        };
      }
      const closes = f ? ` it closes ${describe(text, t, f.open)} opened at ${where(t, f.open)} early${blockOf(text, t, f)}` : '';
      return { at: pos(t, at, text), message: `this ')' is probably one too many:${closes || ' nothing is open here'}` };
    }
    case 'insert-open':
      return { at: pos(t, at, text), message: `a '(' is probably missing here${blockOf(text, t, { open: at, at, head: undefined, kids: 0, parent: stack, depth: (stack?.depth ?? -1) + 1 })}${near}` };
  }
}
