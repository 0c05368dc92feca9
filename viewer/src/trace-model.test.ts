import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorRoute } from './household-panel.js';
import { planLines } from './plan-panel.js';
import { householdPath, readTrace, TraceFormatError } from './trace-model.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

describe('readTrace', () => {
  it('makes one frame per step after the initial one, carrying the last known state', () => {
    const view = readTrace(fixture('kitchen-demo.jsonl'));
    const steps = fixture('kitchen-demo.jsonl').split('\n').filter((l) => l.includes('"type":"step"')).length;
    expect(view.frames).toHaveLength(steps + 1);
    expect(view.frames[0].step).toBeUndefined();
    expect(view.frames[0].state).toEqual(view.episode.initial);
    view.frames.slice(1).forEach((f, i) => expect(f.step?.step).toBe(i + 1));
    expect(view.result?.row.steps).toBe(steps);
    const noState = readTrace([JSON.stringify({ type: 'episode', env: 'kitchen', initial: { robot: 'A', hand: null, areas: [] } }), JSON.stringify({ type: 'step', action: 'NONE' })].join('\n'));
    expect(noState.frames[1].state).toEqual({ robot: 'A', hand: null, areas: [] });
  });

  it('names the bad line', () => {
    expect(() => readTrace('{"type":"episode"}\n\n{oops')).toThrow(TraceFormatError);
    expect(() => readTrace('{"type":"episode"}\n\n{oops')).toThrow(/^line 3: not JSON/);
    expect(() => readTrace('{"type":"step","action":"a"}')).toThrow(/line 1: step before the episode/);
    expect(() => readTrace('')).toThrow(/no episode record/);
  });

  it('follows the household robot room by room', () => {
    const view = readTrace(fixture('household-handwritten.jsonl'));
    expect(householdPath(view.frames, 0)).toEqual(['corridor_0']);
    expect(householdPath(view.frames, view.frames.length - 1)).toEqual(['corridor_0', 'bedroom_0', 'living_room_0', 'kitchen_0']);
  });
});

describe('doorRoute', () => {
  it('walks through the doors, each hop between neighbours, shortest first', () => {
    // random trees over rooms 0..n-1 (each room's parent has a smaller number), plus a few extra doors
    const graph = fc.integer({ min: 2, max: 12 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        parents: fc.tuple(...Array.from({ length: n - 1 }, (_, i) => fc.integer({ min: 0, max: i }))),
        extra: fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), { maxLength: 4 }),
        from: fc.integer({ min: 0, max: n - 1 }),
        to: fc.integer({ min: 0, max: n - 1 }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ n, parents, extra, from, to }) => {
        const doors: Array<[string, string]> = [...parents.map((p, i): [string, string] => [`r${p}`, `r${i + 1}`]), ...extra.map(([a, b]): [string, string] => [`r${a}`, `r${b}`])];
        const route = doorRoute(doors, `r${from}`, `r${to}`);
        expect(route[0]).toBe(`r${from}`);
        expect(route[route.length - 1]).toBe(`r${to}`);
        const adjacent = new Set(doors.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
        for (let i = 1; i < route.length; i++) expect(adjacent.has(`${route[i - 1]}|${route[i]}`)).toBe(true);
        expect(new Set(route).size).toBe(route.length);
        expect(route.length).toBeLessThanOrEqual(n);
      }),
    );
    expect(doorRoute([['a', 'b'], ['b', 'c'], ['a', 'c']], 'a', 'c')).toEqual(['a', 'c']);
    expect(doorRoute([], 'a', 'z')).toEqual(['a', 'z']);
  });
});

describe('planLines', () => {
  it('marks inserted steps with their rule and puts removed ones back where they were', () => {
    const lines = planLines({
      steps: ['goto(k)', 'open(c)', 'grasp(m)', 'close(c)'],
      repairs: [
        { rule: 'open-first', stepIndex: 1, inserted: ['open(c)'], removed: [], reason: '' },
        { rule: 'restore', stepIndex: 3, inserted: ['close(c)'], removed: [], reason: '' },
        { rule: 'dup', stepIndex: 1, inserted: [], removed: ['goto(k)'], reason: 'twice' },
      ],
    });
    expect(lines.map((l) => [l.text, l.kind, l.rule ?? ''])).toEqual([
      ['goto(k)', 'kept', ''],
      ['goto(k)', 'removed', 'dup'],
      ['open(c)', 'inserted', 'open-first'],
      ['grasp(m)', 'kept', ''],
      ['close(c)', 'inserted', 'restore'],
    ]);
  });
});
