import { describe, expect, it } from 'vitest';
import { findBlocks, replaceBlocks } from './doc-markers.js';

const DOC = ['# Title', '', '<!-- report:a -->', 'old a', 'still a', '<!-- /report -->', 'between', '<!-- report:b -->', '<!-- /report -->', 'end'].join('\n');

describe('report blocks in Markdown', () => {
  it('finds each block with its content and line', () => {
    expect(findBlocks(DOC, 'X.md')).toEqual([
      { id: 'a', content: 'old a\nstill a', line: 3 },
      { id: 'b', content: '', line: 8 },
    ]);
  });

  it('replaces the contents it is given and keeps the rest byte for byte', () => {
    const out = replaceBlocks(DOC, 'X.md', (id) => (id === 'b' ? '| t |\n|---|' : undefined));
    expect(out).toBe(DOC.replace('<!-- report:b -->\n<!-- /report -->', '<!-- report:b -->\n| t |\n|---|\n<!-- /report -->'));
    // replacing with the current content is the identity
    expect(replaceBlocks(out, 'X.md', (id) => findBlocks(out, 'X.md').find((b) => b.id === id)?.content)).toBe(out);
  });

  it('locates unclosed, nested, stray and inline markers at file:line:col', () => {
    expect(() => findBlocks('x\n<!-- report:a -->\ny', 'R.md')).toThrow(/^R\.md:2:1: report block 'a' is never closed/);
    expect(() => findBlocks('<!-- report:a -->\n<!-- report:b -->\n<!-- /report -->', 'R.md')).toThrow(/^R\.md:2:1: report block 'b' opens inside block 'a'/);
    expect(() => findBlocks('a\n<!-- /report -->', 'R.md')).toThrow(/^R\.md:2:1: <!-- \/report --> without an opening/);
    expect(() => findBlocks('text <!-- report:a -->', 'R.md')).toThrow(/^R\.md:1:6: a report marker must stand alone/);
    // written about in inline code, a marker is text
    expect(findBlocks('blocks sit between `<!-- report:ID -->` and `<!-- /report -->`', 'R.md')).toEqual([]);
  });
});
