/**
 * Every relative link in README.md and docs/*.md (and the other top-level Markdown files)
 * resolves: the file exists, and a `#anchor` names a heading of the target by GitHub's slug
 * rules (lower case; punctuation other than `-` and `_` dropped; spaces become `-`; a repeated
 * heading gets `-1`, `-2`, …) or an explicit `id`/`name` anchor. Links inside code are not links;
 * repository paths quoted in code spans must exist too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FILES = [
  ...['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'results/README.md'].filter((f) => existsSync(join(ROOT, f))),
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code spans (code blanked, so line numbers stay). */
export function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, '')).replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading's text (github-slugger on the rendered text). */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)/g, '');
  return rendered.toLowerCase().trim().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file defines: heading slugs (with GitHub's -N suffixes) and HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const noFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of noFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = githubSlug(m[1]);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  return anchors;
}

describe('Markdown links', () => {
  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Optimal track: `npm run bench:planner -- --config astar-lmcut`')).toBe('optimal-track-npm-run-benchplanner------config-astar-lmcut');
    expect(githubSlug('The offline prior model — `npx tsx bench/prior.ts`')).toBe('the-offline-prior-model--npx-tsx-benchpriorts');
    expect(githubSlug('Tru-POMDP kitchen — `npm run bench:kitchen`')).toBe('tru-pomdp-kitchen--npm-run-benchkitchen');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('every relative link and #anchor in README.md and docs/*.md resolves', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of FILES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const lines = proseOf(text).split('\n');
      lines.forEach((line, i) => {
        for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
          const target = m[1];
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
          checked++;
          const [path, anchor] = target.split('#', 2) as [string, string | undefined];
          const dest = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURIComponent(path));
          const where = `${file}:${i + 1}: ${target}`;
          if (!dest.startsWith(ROOT) || !existsSync(dest)) {
            broken.push(`${where} (no such file ${relative(ROOT, dest)})`);
            continue;
          }
          if (anchor === undefined || statSync(dest).isDirectory()) continue;
          if (!dest.endsWith('.md')) continue; // line anchors (#L10) of source files are GitHub's own
          if (!anchorsOf(readFileSync(dest, 'utf8')).has(anchor)) broken.push(`${where} (no heading with that anchor in ${relative(ROOT, dest)})`);
        }
      });
    }
    expect(checked).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it('every repository file named in code (`src/…/x.ts`, `test/…`, `data/…`) exists (bench/out/ is generated)', () => {
    const missing: string[] = [];
    for (const file of FILES) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/`((?:src|test|docs|data|viewer|bench)\/[\w./-]+\.(?:ts|tsx|md|json|jsonl|pddl|mjs|tsv))`/g)) {
          if (m[1].startsWith('bench/out/')) continue;
          if (!existsSync(join(ROOT, m[1]))) missing.push(`${file}:${i + 1}: ${m[1]}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
