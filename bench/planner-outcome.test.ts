/**
 * The planner benchmark's outcome of a run: running out of memory is `memout`
 * however the process ended, never an `exit 2` (bad input) row.
 */
import { describe, expect, it } from 'vitest';
import { processOutcome } from './planner-outcome.js';

describe('processOutcome', () => {
  it('takes the status of the JSON line when there is one', () => {
    expect(processOutcome('memout', { status: 3, stderr: '', killed: false })).toBe('memout');
    expect(processOutcome('solved', { status: 0, stderr: '', killed: false })).toBe('solved');
  });

  it('a crash from a failed allocation or a full V8 heap is memout', () => {
    // The childsnack pfile09 row of issue 24: a RangeError that used to end as exit 2.
    expect(processOutcome(undefined, { status: 2, stderr: 'error: Array buffer allocation failed\nTIME 27.9 0.4 2900000\n', killed: false })).toBe('memout');
    const v8Abort = '<--- JS stacktrace --->\n\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\nCommand terminated by signal 6\n';
    expect(processOutcome(undefined, { status: 134, stderr: v8Abort, killed: false })).toBe('memout');
    expect(processOutcome(undefined, { status: 3, stderr: 'memout: out of memory: typed arrays 3100 MiB above the limit of 3072 MiB\n', killed: false })).toBe('memout');
  });

  it('other crashes keep their exit status; the wall-clock kill is killed', () => {
    expect(processOutcome(undefined, { status: 2, stderr: 'error: p.pddl:3:4: unknown predicate', killed: false })).toBe('exit 2');
    expect(processOutcome(undefined, { status: null, stderr: '', killed: true })).toBe('killed');
  });
});
