import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../test/shared-data.js';
import { PddlParseError } from './errors.js';
import { firstAnomaly } from './paren-balance.js';
import { readSExprs } from './sexpr.js';

const BLOCKS = readFileSync(sharedPath('data', 'ipc', 'blocks', 'domain.pddl'), 'utf8');
/* Lines 14-21 of the blocks domain:
14:   (:action pick-up
15: 	     :parameters (?x)
16: 	     :precondition (and (clear ?x) (ontable ?x) (handempty))
17: 	     :effect
18: 	     (and (not (ontable ?x))
19: 		   (not (clear ?x))
20: 		   (not (handempty))
21: 		   (holding ?x)))
22:
23:   (:action put-down
*/

/** The blocks domain with line `n` (1-based) rewritten by `f`. */
function editLine(n: number, f: (line: string) => string): string {
  return BLOCKS.split('\n')
    .map((l, i) => (i === n - 1 ? f(l) : l))
    .join('\n');
}

function readError(text: string): PddlParseError {
  try {
    readSExprs(text, 'blocks.pddl');
  } catch (e) {
    if (e instanceof PddlParseError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('unbalanced parentheses are located where they go wrong, not at 1:1 or the end of the file', () => {
  it("a ')' missing in a precondition: the (and ...) that does not close, and where it should", () => {
    const e = readError(editLine(16, (l) => l.replace(/\)$/, '')));
    // before: "1:1: unexpected end of input: 1 unclosed '(' (innermost opened here) near: (define ..."
    expect(e.span?.start).toMatchObject({ line: 16, col: 21 });
    expect(e.message).toContain("(and ...) opened here is not closed: a ')' is probably missing before 17:7, in (:action pick-up ...) at 14:3");
  });

  it("a ')' missing at the end of an action: the action, because the next (:action ...) is nested in it", () => {
    const e = readError(editLine(21, (l) => l.replace(/\)$/, '')));
    expect(e.span?.start).toMatchObject({ line: 14, col: 3 });
    expect(e.message).toContain("(:action pick-up ...) opened here is not closed: a ')' is probably missing before 23:3");
  });

  it("an extra ')': the stray parenthesis and the list it closes early", () => {
    const e = readError(editLine(19, (l) => `${l})`));
    // before: "48:24: unexpected ')' with no matching '('" (the last line of the file)
    expect(e.span?.start).toMatchObject({ line: 19, col: 22 });
    expect(e.message).toContain("this ')' is probably one too many: it closes (and ...) opened at 18:7 early, in (:action pick-up ...) at 14:3");
  });

  it("a stray '(' and a missing '(' are named as such", () => {
    expect(readError(editLine(18, (l) => l.replace('(and', '((and'))).message).toMatch(/^blocks\.pddl:18:8: .*this '\(' is probably one too many, in \(:action pick-up \.\.\.\) at 14:3/);
    expect(readError(editLine(18, (l) => l.replace('(and', 'and'))).message).toMatch(/^blocks\.pddl:18:7: .*a '\(' is probably missing here, in \(:action pick-up/);
  });

  it("the last block: its ')' missing, or one too many, is reported there (naming the final ')' as the alternative)", () => {
    const missing = readError(BLOCKS.replace(/\)\)\)\s*\)\s*$/, '))\n)\n'));
    expect(missing.span?.start.line).toBe(40);
    expect(missing.message).toContain("(:action unstack ...) opened here, the last block, probably lacks a ')'");
    const extra = readError(BLOCKS.replace(/\)\)\)\s*\)\s*$/, '))))\n)\n'));
    expect(extra.span?.start.line).toBe(48);
    expect(extra.message).toContain('the last block (:action unstack ...) at 40:3 probably has one');
  });

  it('a plan with an unclosed step names that step', () => {
    expect(() => readSExprs('(pick-up a)\n(stack a b\n(pick-up c)\n')).toThrow(/^2:1: .*\(stack \.\.\.\) opened here is not closed: a '\)' is probably missing before 3:1/);
  });

  it('every PDDL file of the IPC suite and data/ reads without an anomaly (no false alarm to mislead the search)', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        if (d.isDirectory()) walk(join(dir, d.name));
        else if (d.name.endsWith('.pddl')) files.push(join(dir, d.name));
      }
    };
    walk(sharedPath('data', 'ipc'));
    walk(join(import.meta.dirname, '../../data'));
    expect(files.length).toBeGreaterThan(200);
    const flagged = files.filter((f) => firstAnomaly(readFileSync(f, 'utf8')) !== undefined);
    expect(flagged).toEqual([]);
  });
});
