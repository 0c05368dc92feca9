import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorRow, doneRow } from './runner.js';
import { parseResults, readResults, ResultStore } from './store.js';
import type { EpisodeSpec, ResultRow } from './types.js';

const spec = (seed: number): EpisodeSpec => ({ suite: 'pomdp:tiger', task: 'ep-0', level: 'tiger', method: 'despot', model: 'none', seed, config: {} });
const outcome = { success: true, reward: 5, steps: 3, planningSeconds: 0.1, llm: { calls: 0, inputTokens: 0, outputTokens: 0 }, metrics: {}, modelDescription: 'none', warnings: [] };
const done = (key: string, seed = 1): ResultRow => doneRow(key, spec(seed), outcome, 0.2, 'local');
const failed = (key: string, seed = 1): ResultRow => errorRow(key, spec(seed), 'boom', 0.2, 'local');

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'gp-store-'));
}

describe('ResultStore', () => {
  it('appends rows and reads them back; finished() holds only done keys', () => {
    const store = new ResultStore(freshDir());
    store.append(done('a'));
    store.append(failed('b'));
    store.append(done('c'));
    const loaded = store.load();
    expect(loaded.all.map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect([...store.finished()].sort()).toEqual(['a', 'c']);
  });

  it('tolerates a truncated last line and cuts it off before the next append', () => {
    const dir = freshDir();
    const store = new ResultStore(dir);
    store.append(done('a'));
    const partial = JSON.stringify(done('b')).slice(0, 40);
    appendFileSync(store.resultsPath, partial);
    const loaded = store.load();
    expect(loaded.truncatedTail).toBe(true);
    expect(loaded.malformed).toEqual([]);
    expect(loaded.all.map((r) => r.key)).toEqual(['a']);
    new ResultStore(dir).append(done('c'));
    const again = readResults(dir);
    expect(again.truncatedTail).toBe(false);
    expect(again.malformed).toEqual([]);
    expect(again.all.map((r) => r.key)).toEqual(['a', 'c']);
    expect(readFileSync(store.resultsPath, 'utf8')).not.toContain(partial);
  });

  it('keeps a complete last row that only lacks its newline', () => {
    const dir = freshDir();
    const store = new ResultStore(dir);
    writeFileSync(store.resultsPath, JSON.stringify(done('a')));
    expect(store.load().all.map((r) => r.key)).toEqual(['a']);
    new ResultStore(dir).append(done('b'));
    expect(store.load().all.map((r) => r.key)).toEqual(['a', 'b']);
  });

  it('reports malformed lines with their line numbers and skips them', () => {
    const text = [JSON.stringify(done('a')), '{not json', JSON.stringify({ key: 'x', status: 'maybe', spec: spec(1) }), '', JSON.stringify(done('b')), ''].join('\n');
    const loaded = parseResults(text, 'r.jsonl');
    expect(loaded.all.map((r) => r.key)).toEqual(['a', 'b']);
    expect(loaded.malformed.map((m) => m.line)).toEqual([2, 3]);
    expect(loaded.malformed[1].message).toContain('status');
    expect(loaded.truncatedTail).toBe(false);
  });

  it('latestRows: one row per key, done beats error, later beats earlier', () => {
    const store = new ResultStore(freshDir());
    store.append(failed('a'));
    store.append(done('a'));
    store.append(failed('a'));
    store.append(failed('b'));
    store.append(failed('b', 2));
    const rows = store.latestRows();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.key === 'a')?.status).toBe('done');
    const b = rows.find((r) => r.key === 'b');
    expect(b?.status).toBe('error');
    expect(b?.spec.seed).toBe(2);
  });

  it('an error row is retried: its key is not finished', () => {
    const store = new ResultStore(freshDir());
    store.append(failed('a'));
    expect(store.finished().has('a')).toBe(false);
    store.append(done('a'));
    expect(store.finished().has('a')).toBe(true);
  });

  it('a missing results file reads as empty', () => {
    const loaded = readResults(join(freshDir(), 'nothing'));
    expect(loaded.all).toEqual([]);
  });
});

describe('ResultStore.lock', () => {
  it('one live writer at a time; a lock left by a dead process is taken over', () => {
    const dir = freshDir();
    const store = new ResultStore(dir);
    const release = store.lock();
    expect(() => new ResultStore(dir).lock()).toThrow(/another process \(pid \d+\) is writing results here/);
    release();
    const again = store.lock();
    again();
    writeFileSync(join(dir, '.writer.lock'), '999999999'); // no such process
    const taken = store.lock();
    expect(readFileSync(join(dir, '.writer.lock'), 'utf8')).toBe(String(process.pid));
    taken();
  });
});
