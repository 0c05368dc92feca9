import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const MAIN = join(ROOT, 'src/cli/main.ts');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, GROUNDPLAN_MODEL: '' }, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gp-cli-policy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('groundplan policy', () => {
  it('repairs a buggy synthetic policy and writes the accepted code', async () => {
    const out = join(dir, 'policy.js');
    const r = await run(['policy', '--model', 'synthetic', '--synthetic', 'policyBug=1', '--batch-time-limit', '500', '--out', out, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { accepted: boolean; vetting: Array<{ ok: boolean }>; warnings: unknown[] };
    expect(j.accepted).toBe(true);
    expect(j.vetting.map((v) => v.ok)).toEqual([false, true]);
    expect(j.warnings).toEqual([]);
    expect(await readFile(out, 'utf8')).toMatch(/function nextAction\(unreachedGoals, scene\)/);
  });

  it('falls back to the built-in policy with a warning when the code touches process', async () => {
    const script = join(dir, 'script.json');
    await writeFile(script, JSON.stringify({ byKind: { 'tru.policy': '```javascript\nfunction nextAction(g, s) { return process.env; }\n```' } }));
    const r = await run(['policy', '--model', `scripted:${script}`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/policy: built-in/);
    expect(r.stderr).toMatch(/^warning: the LLM rollout policy was rejected after 2 vetting round\(s\): nextAction threw/m);
  });
});
