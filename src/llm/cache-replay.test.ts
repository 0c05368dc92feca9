import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ask } from './ask.js';
import { openCassette, parseCassette } from './cassette.js';
import { wrapClient, type ClientStackOptions } from './client-stack.js';
import { LlmReplayMissError } from './errors.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { parseModelId } from './model-id.js';
import { createProviderClient } from './provider-client.js';
import type { LlmClient } from './types.js';
import { UsageMeter } from './usage.js';

let server: FakeOpenAiServer | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gp-llm-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

function compat(url: string): LlmClient {
  const spec = parseModelId(`compat:m@${url}`);
  if (spec.kind !== 'network') throw new Error('unreachable');
  return createProviderClient(spec, { env: {} });
}

// Token counts per kind, chosen so a mix-up would show.
const TOKENS: Record<string, [number, number]> = { 'toh.goals': [100, 20], 'toh.locations': [40, 7], 'gavel.plan': [250, 60] };

function answer(kind: string, userText: string): string {
  if (kind === 'gavel.plan') return `Plan:\n\`\`\`json\n{"steps": ["pick ${userText}", "place ${userText}"]}\n\`\`\``;
  if (kind === 'toh.goals') return `{"goals": [["${userText}", "fridge_1"]]}`;
  return `{"area": "counter_${userText.length}"}`;
}

function startServer(): Promise<FakeOpenAiServer> {
  return startFakeOpenAiServer((req) => {
    const kind = String(req.messages[0].content.replace(/^kind=/, ''));
    const [p, c] = TOKENS[kind];
    return { content: answer(kind, req.messages[1].content), promptTokens: p, completionTokens: c };
  });
}

const steps = z.object({ steps: z.array(z.string()) });
const goals = z.object({ goals: z.array(z.tuple([z.string(), z.string()])) });
const area = z.object({ area: z.string() });

/** A small multi-call "experiment": 2 goals calls, 3 location calls, 1 plan call. */
async function experiment(client: LlmClient, variant = ''): Promise<unknown[]> {
  const msgs = (kind: string, user: string) => [
    { role: 'system' as const, content: `kind=${kind}` },
    { role: 'user' as const, content: user },
  ];
  const out: unknown[] = [];
  for (const obj of ['milk', 'bread']) {
    out.push((await ask(client, { kind: 'toh.goals', vars: { obj }, messages: msgs('toh.goals', obj), schema: goals })).value);
  }
  const locs = await Promise.all(
    ['mug', 'plate', `bowl${variant}`].map((o) => ask(client, { kind: 'toh.locations', vars: { o }, messages: msgs('toh.locations', o), schema: area })),
  );
  out.push(...locs.map((r) => r.value));
  out.push((await ask(client, { kind: 'gavel.plan', vars: {}, messages: msgs('gavel.plan', 'apple'), schema: steps })).value);
  return out;
}

function stack(base: LlmClient, extra: ClientStackOptions): LlmClient {
  return wrapClient(base, { retry: false, concurrency: 2, ...extra });
}

describe('usage, cache and record/replay', () => {
  it('sums usage per kind exactly as the server reported the tokens', async () => {
    server = await startServer();
    const meter = new UsageMeter();
    await experiment(stack(compat(server.url), { meter }));
    const s = meter.summary();
    expect(Object.keys(s.byKind)).toEqual(['gavel.plan', 'toh.goals', 'toh.locations']);
    expect(s.byKind['toh.goals']).toMatchObject({ calls: 2, inputTokens: 200, outputTokens: 40, cacheHits: 0, retries: 0 });
    expect(s.byKind['toh.locations']).toMatchObject({ calls: 3, inputTokens: 120, outputTokens: 21 });
    expect(s.byKind['gavel.plan']).toMatchObject({ calls: 1, inputTokens: 250, outputTokens: 60 });
    expect(s.total).toMatchObject({ calls: 6, inputTokens: 570, outputTokens: 121 });
    expect(s.total.meanLatencyMs).toBeGreaterThan(0);
  });

  it('a second identical run through the cache makes no HTTP request', async () => {
    server = await startServer();
    const cacheDir = join(dir, 'cache');
    const first = await experiment(stack(compat(server.url), { cacheDir }));
    expect(server.requests).toHaveLength(6);
    const meter = new UsageMeter();
    const second = await experiment(stack(compat(server.url), { cacheDir, meter }));
    expect(second).toEqual(first);
    expect(server.requests).toHaveLength(6);
    const s = meter.summary().total;
    expect(s).toMatchObject({ calls: 6, cacheHits: 6, inputTokens: 0, outputTokens: 0, cachedInputTokens: 570, cachedOutputTokens: 121 });
    // A changed temperature is a different request.
    await ask(stack(compat(server.url), { cacheDir }), {
      kind: 'toh.locations',
      messages: [{ role: 'system', content: 'kind=toh.locations' }, { role: 'user', content: 'mug' }],
      schema: area,
      temperature: 0.7,
    });
    expect(server.requests).toHaveLength(7);
  });

  it('replays a recorded multi-call run exactly with the server stopped', async () => {
    server = await startServer();
    const file = join(dir, 'run.cassette.jsonl');
    const rec = await openCassette(file, 'record');
    const recorded = await experiment(stack(compat(server.url), { cassette: rec }));
    await rec.flush();
    const url = server.url;
    await server.close();
    server = undefined;
    const lines = parseCassette(await readFile(file, 'utf8'), file);
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l.kind).sort()).toEqual(['gavel.plan', 'toh.goals', 'toh.goals', 'toh.locations', 'toh.locations', 'toh.locations']);

    const play = await openCassette(file, 'replay');
    const meter = new UsageMeter();
    const replayed = await experiment(stack(compat(url), { cassette: play, meter }));
    expect(replayed).toEqual(recorded);
    expect(meter.summary().total).toMatchObject({ calls: 6, cacheHits: 6, cachedInputTokens: 570 });
  });

  it('a strict replay with one call changed fails and names the call and the difference', async () => {
    server = await startServer();
    const file = join(dir, 'run.cassette.jsonl');
    const rec = await openCassette(file, 'record');
    await experiment(stack(compat(server.url), { cassette: rec }));
    await rec.flush();
    const before = server.requests.length;
    const play = await openCassette(file, 'replay');
    const err = await experiment(stack(compat(server.url), { cassette: play }), '-large').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmReplayMissError);
    const e = err as LlmReplayMissError;
    expect(e.code).toBe('LLM_REPLAY_MISS');
    expect(e.kind).toBe('toh.locations');
    expect(e.message).toContain("'toh.locations'");
    expect(e.message).toMatch(/message 2 \(user\) differs at char 5/);
    expect(e.message).toContain('bowl-large');
    expect(server.requests.length).toBe(before);

    // replay-or-record answers the known calls from the file and records only the new one.
    const mixed = await openCassette(file, 'replay-or-record');
    await experiment(stack(compat(server.url), { cassette: mixed }), '-large');
    await mixed.flush();
    expect(server.requests.length).toBe(before + 1);
    expect(parseCassette(await readFile(file, 'utf8'))).toHaveLength(7);
  });

  it('names a kind the cassette never saw', async () => {
    const file = join(dir, 'c.jsonl');
    server = await startServer();
    const rec = await openCassette(file, 'record');
    await experiment(stack(compat(server.url), { cassette: rec }));
    const play = await openCassette(file, 'replay');
    const err = await ask(stack(compat(server.url), { cassette: play }), {
      kind: 'llmdm.action-model',
      messages: [{ role: 'user', content: 'x' }],
    }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/no 'llmdm.action-model' calls \(it has .*toh.goals ×2/);
  });
});
