/**
 * Property: random mutations of valid PDDL sent to `pddl_check` over stdio
 * never kill the server, and every answer is a result (no error diagnostics)
 * or a tool error carrying at least one located error diagnostic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStdio, type McpChild } from './test-harness.js';

const DEMO = join(import.meta.dirname, '../../data/demo');
const domain = readFileSync(join(DEMO, 'domain.pddl'), 'utf8');
const problem = readFileSync(join(DEMO, 'problem.pddl'), 'utf8');

type Mutation = { kind: 'delete'; at: number; len: number } | { kind: 'insert'; at: number; text: string } | { kind: 'duplicate'; at: number; len: number } | { kind: 'swap'; a: number; b: number };

const fragment = fc.constantFrom('(', ')', '(and', ' ?x', ' - ', ':action', '(not', '"', ';', '\n', ' object', ':parameters (?y)', '(= ', '\u00e9', '))))', '(((');
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fragment }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
);

function apply(text: string, m: Mutation): string {
  const n = Math.max(1, text.length);
  switch (m.kind) {
    case 'delete': {
      const at = m.at % n;
      return text.slice(0, at) + text.slice(at + m.len);
    }
    case 'insert': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at);
    }
    case 'duplicate': {
      const at = m.at % n;
      return text.slice(0, at) + text.slice(at, at + m.len) + text.slice(at);
    }
    case 'swap': {
      const chars = [...text];
      const a = m.a % n;
      const b = m.b % n;
      if (chars[a] === undefined || chars[b] === undefined) return text;
      [chars[a], chars[b]] = [chars[b], chars[a]];
      return chars.join('');
    }
  }
}

describe('pddl_check on mutated PDDL', () => {
  let s: McpChild;
  beforeAll(async () => {
    s = await startStdio(['--concurrency', '2']);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers every mutation with a result or a located tool error, and the server survives', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(mutation, { minLength: 1, maxLength: 6 }), async (inProblem, ms) => {
        const d = inProblem ? domain : ms.reduce(apply, domain);
        const p = inProblem ? ms.reduce(apply, problem) : problem;
        const r = await s.client.callTool({ name: 'pddl_check', arguments: { domain: d, problem: p } });
        const out = r.structuredContent as { ok: boolean; errors: number; diagnostics: { severity: string; code: string; line?: number; source: string }[] };
        expect(typeof r.isError).toBe('boolean');
        expect(out.errors).toBe(out.diagnostics.filter((x) => x.severity === 'error').length);
        if (r.isError) {
          expect(out.ok).toBe(false);
          const errors = out.diagnostics.filter((x) => x.severity === 'error');
          expect(errors.length).toBeGreaterThan(0);
          // every error says which input it is about; all but whole-file ones say where
          for (const e of errors) expect(['domain', 'problem']).toContain(e.source);
          expect(errors.some((e) => e.line !== undefined)).toBe(true);
        } else {
          expect(out.ok).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
    expect(s.child.exitCode).toBeNull();
    const { tools } = await s.client.listTools();
    expect(tools.length).toBeGreaterThan(0);
  });
});
