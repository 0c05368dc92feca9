/**
 * Record/replay cassettes: a JSONL file of `{key, kind, request, response}`,
 * so a whole run can be replayed offline, exactly. Modes:
 * - `record`: call the model and write every answer (the file starts empty);
 * - `replay`: answer only from the file; a miss throws `LlmReplayMissError`
 *   naming the call and how it differs from the nearest recorded one;
 * - `replay-or-record`: answer from the file, call the model on a miss and append.
 * Identical requests recorded several times are replayed in recorded order.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LlmConfigError, LlmReplayMissError } from './errors.js';
import { keyedRequest, requestKey, type KeyedRequest } from './request-key.js';
import type { LlmClient, LlmMiddleware, LlmResponse, TokenUsage } from './types.js';

export type CassetteMode = 'record' | 'replay' | 'replay-or-record';

export interface CassetteEntry {
  key: string;
  kind: string;
  request: KeyedRequest;
  response: { text: string; usage: TokenUsage; latencyMs: number };
}

/** Parses a cassette's text; a bad line throws with `file:line`. */
export function parseCassette(text: string, file = 'cassette'): CassetteEntry[] {
  const out: CassetteEntry[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    let entry: CassetteEntry;
    try {
      entry = JSON.parse(line) as CassetteEntry;
    } catch (err) {
      throw new LlmConfigError(`${file}:${i + 1}: not a JSON line (${(err as Error).message})`);
    }
    if (typeof entry?.key !== 'string' || typeof entry.kind !== 'string' || typeof entry.response?.text !== 'string' || !Array.isArray(entry.request?.messages)) {
      throw new LlmConfigError(`${file}:${i + 1}: a cassette line needs key, kind, request.messages and response.text`);
    }
    out.push(entry);
  }
  return out;
}

function preview(s: string, at: number): string {
  const from = Math.max(0, at - 20);
  const piece = s.slice(from, at + 40).replace(/\s+/g, ' ');
  return JSON.stringify(`${from > 0 ? '…' : ''}${piece}${at + 40 < s.length ? '…' : ''}`);
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How `now` differs from a recorded request, in one line. */
export function describeDifference(now: KeyedRequest, recorded: KeyedRequest): string {
  const n = Math.min(now.messages.length, recorded.messages.length);
  for (let i = 0; i < n; i++) {
    const a = now.messages[i];
    const b = recorded.messages[i];
    if (a.role !== b.role) return `message ${i + 1} has role ${a.role}, recorded ${b.role}`;
    if (a.content !== b.content) {
      const at = commonPrefix(a.content, b.content);
      return `message ${i + 1} (${a.role}) differs at char ${at + 1}: now ${preview(a.content, at)}, recorded ${preview(b.content, at)}`;
    }
  }
  if (now.messages.length !== recorded.messages.length) {
    return `now ${now.messages.length} messages, recorded ${recorded.messages.length}`;
  }
  if (now.model !== recorded.model) return `same messages, but model ${now.model} vs recorded ${recorded.model}`;
  const params = (['temperature', 'maxOutputTokens', 'seed'] as const)
    .filter((p) => now[p] !== recorded[p])
    .map((p) => `${p} ${String(now[p])} vs recorded ${String(recorded[p])}`);
  return params.length > 0 ? `same messages, different parameters: ${params.join(', ')}` : 'identical request (corrupt key?)';
}

function similarity(now: KeyedRequest, rec: KeyedRequest): number {
  let score = 0;
  const n = Math.min(now.messages.length, rec.messages.length);
  for (let i = 0; i < n; i++) {
    const a = now.messages[i].content;
    const b = rec.messages[i].content;
    if (a === b) score += a.length;
    else {
      score += commonPrefix(a, b);
      break;
    }
  }
  return score;
}

/** The miss message: which call, and its difference from the nearest recorded call. */
export function explainMiss(kind: string, now: KeyedRequest, entries: readonly CassetteEntry[]): string {
  const sameKind = entries.filter((e) => e.kind === kind);
  if (sameKind.length === 0) {
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
    const has = [...counts].map(([k, c]) => `${k} ×${c}`).join(', ') || 'nothing';
    return `the cassette has no '${kind}' calls (it has ${has})`;
  }
  let best = sameKind[0];
  let bestScore = -1;
  for (const e of sameKind) {
    const s = similarity(now, e.request);
    if (s > bestScore) {
      best = e;
      bestScore = s;
    }
  }
  return `nearest recorded '${kind}' call: ${describeDifference(now, best.request)}`;
}

export interface Cassette {
  readonly path: string;
  readonly mode: CassetteMode;
  /** Entries loaded plus entries recorded in this run. */
  entries(): readonly CassetteEntry[];
  middleware: LlmMiddleware;
  /** Resolves when every pending write is on disk. */
  flush(): Promise<void>;
}

/** Opens a cassette file: `record` truncates it; the replay modes read it (a missing file is an error for `replay`). */
export async function openCassette(path: string, mode: CassetteMode): Promise<Cassette> {
  let entries: CassetteEntry[] = [];
  if (mode === 'record') {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, '');
  } else {
    let text: string | undefined;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if (mode === 'replay') throw new LlmConfigError(`cannot read cassette ${path}: ${(err as Error).message}`);
      await mkdir(dirname(path), { recursive: true });
    }
    if (text !== undefined) entries = parseCassette(text, path);
  }
  const byKey = new Map<string, CassetteEntry[]>();
  const served = new Map<string, number>();
  const index = (e: CassetteEntry): void => {
    const list = byKey.get(e.key);
    if (list) list.push(e);
    else byKey.set(e.key, [e]);
  };
  if (mode !== 'record') for (const e of entries) index(e);
  let writes: Promise<void> = Promise.resolve();

  const middleware: LlmMiddleware = (inner: LlmClient): LlmClient => ({
    id: inner.id,
    async complete(request): Promise<LlmResponse> {
      const key = requestKey(inner.id, request);
      if (mode !== 'record') {
        const list = byKey.get(key);
        if (list && list.length > 0) {
          const i = served.get(key) ?? 0;
          served.set(key, i + 1);
          const e = list[Math.min(i, list.length - 1)];
          return { text: e.response.text, usage: { ...e.response.usage }, latencyMs: 0, cached: true };
        }
        if (mode === 'replay') {
          throw new LlmReplayMissError(request.kind, key, explainMiss(request.kind, keyedRequest(inner.id, request), entries));
        }
      }
      const response = await inner.complete(request);
      const entry: CassetteEntry = {
        key,
        kind: request.kind,
        request: keyedRequest(inner.id, request),
        response: { text: response.text, usage: response.usage, latencyMs: response.latencyMs },
      };
      entries.push(entry);
      if (mode === 'replay-or-record') {
        index(entry);
        served.set(key, (served.get(key) ?? 0) + 1);
      }
      const line = `${JSON.stringify(entry)}\n`;
      writes = writes.then(() => appendFile(path, line));
      await writes;
      return response;
    },
  });

  return {
    path,
    mode,
    entries: () => entries,
    middleware,
    flush: () => writes,
  };
}
