/**
 * docs/mcp.md stays true: it names every tool and every input field, every
 * resource can be read, and the recorded transcript is exactly what the
 * command the docs name produces.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from './resources.js';
import { TOOLS } from './tool-catalog.js';

const REPO = join(import.meta.dirname, '../..');
const doc = readFileSync(join(REPO, 'docs/mcp.md'), 'utf8');

describe('docs/mcp.md', () => {
  it('names every tool, its input fields and every resource', () => {
    for (const t of TOOLS.filter((x) => !x.debug)) {
      expect(doc, t.name).toContain(`\`${t.name}\``);
      for (const field of Object.keys(t.input.shape)) expect(doc, `${t.name}.${field}`).toContain(`\`${field}\``);
    }
    for (const r of RESOURCES) {
      expect(r.read().length, r.uri).toBeGreaterThan(10);
      const shown = r.uri.replace(/\/(problem\.pddl|goal\.txt|plan\.txt)$/, '');
      expect(doc, r.uri).toContain(shown);
    }
  });

  it('the recorded transcript is what `groundplan mcp demo-agent --model synthetic` prints', () => {
    const p = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mcp', 'demo-agent', '--model', 'synthetic'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, GROUNDPLAN_MODEL: '' } });
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
    expect(p.stdout).toBe(readFileSync(join(REPO, 'docs/mcp-transcript.md'), 'utf8'));
    expect(doc).toContain('groundplan mcp demo-agent --model synthetic --out docs/mcp-transcript.md');
  });
});
