import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, scratchFiles } from '../../../test/cli-harness.js';
import { checkTrace, closeViewServers, register, startViewServer, type ViewServer } from './view.js';

const episode = JSON.stringify({ type: 'episode', spec: { suite: 's', task: 't', level: 'l', method: 'm', model: 'x', seed: 1, config: {} }, env: 'kitchen', instruction: 'tidy up', world: {} });
const step = (n: number, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ type: 'step', step: n, action: `OPEN(A${n})`, feasible: true, reward: -1, totalReward: -n, planningSeconds: 0, ...extra });
const result = JSON.stringify({ type: 'result', row: { key: 'k' } });

describe('checkTrace', () => {
  it('accepts a trace and counts its steps', () => {
    expect(checkTrace([episode, step(1), step(2), result, ''].join('\n'), 't.jsonl')).toEqual({ env: 'kitchen', instruction: 'tidy up', steps: 2, finished: true });
    expect(checkTrace([episode, step(1)].join('\n'), 't.jsonl').finished).toBe(false);
  });

  it.each([
    [[episode, step(1), '{"type":"step", oops}'], /^t\.jsonl:3:\d+: not a JSON line/],
    [[step(1)], /^t\.jsonl:1:1: the first record must be/],
    [[episode, step(1, { action: 3 })], /^t\.jsonl:2:1: step: "action" must be a string, got 3/],
    [[episode, step(1, { feasible: undefined })], /^t\.jsonl:2:1: step: "feasible" must be a boolean, got nothing/],
    [[episode, step(1, { belief: { goals: 'x' } })], /^t\.jsonl:2:1: step: "belief.goals" must be an array/],
    [[episode, result, step(1)], /^t\.jsonl:3:1: a record after the result line 2/],
    [[episode, '{"type":"stats"}'], /^t\.jsonl:2:1: unknown record type "stats"/],
    [[episode, '[1]'], /^t\.jsonl:2:1: expected a JSON object/],
    [[''], /^t\.jsonl: empty trace/],
  ])('rejects a bad trace, naming the line (%#)', (lines, message) => {
    expect(() => checkTrace(lines.join('\n'), 't.jsonl')).toThrow(message);
  });
});

describe('groundplan view', () => {
  const files = scratchFiles('gp-view-');
  const site = join(files.dir, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>viewer</title>');
  writeFileSync(join(site, 'assets', 'app.js'), 'export {};');
  const trace = files.file('trace.jsonl', [episode, step(1), result, ''].join('\n'));
  const servers: ViewServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await closeViewServers();
  });

  it('serves the viewer files and the trace on 127.0.0.1, nothing else', async () => {
    const s = await startViewServer({ trace, port: 0, root: site });
    servers.push(s);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = await fetch(s.url);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(await index.text()).toContain('<title>viewer</title>');
    expect((await fetch(new URL('assets/app.js', s.url))).headers.get('content-type')).toMatch(/javascript/);
    expect(await (await fetch(new URL('trace.jsonl', s.url))).text()).toContain('"OPEN(A1)"');
    expect((await fetch(new URL('missing.js', s.url))).status).toBe(404);
    expect((await fetch(`${s.url}..%2ftrace.jsonl`)).status).toBe(403);
    expect((await fetch(s.url, { method: 'POST' })).status).toBe(405);
  });

  it("the viewer page carries its icon inline, so a browser asks for no /favicon.ico (a 404 from 'view')", () => {
    const page = readFileSync(join(import.meta.dirname, '../../../viewer/index.html'), 'utf8');
    expect(page).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+" \/>/);
  });

  it('says how to build the viewer when the build is missing', async () => {
    await expect(startViewServer({ trace, port: 0, root: join(files.dir, 'nowhere') })).rejects.toThrow(/not built .*npm run build/);
  });

  it('reports a bad trace line from the command', async () => {
    const bad = files.file('bad.jsonl', `${episode}\n${step(1)}\nnot json\n`);
    const r = await runCommand([register], ['view', bad, '--port', '0']);
    expect(String(r.error)).toMatch(/bad\.jsonl:3:1: not a JSON line/);
    const port = await runCommand([register], ['view', trace, '--port', 'x']);
    expect(String(port.error)).toMatch(/--port: expected an integer/);
  });
});
