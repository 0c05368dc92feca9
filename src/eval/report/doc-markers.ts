/**
 * Report-generated blocks in Markdown files: `<!-- report:ID -->` on its own
 * line, the generated text, `<!-- /report -->` on its own line. Finding them
 * and replacing their contents; an unclosed or nested marker is an error at
 * `file:line:col`.
 */
import { InputError } from '../../core/errors.js';

export interface DocBlock {
  id: string;
  /** The text between the two marker lines (no surrounding newlines). */
  content: string;
  /** 1-based line of the opening marker. */
  line: number;
}

const OPEN = /^<!-- report:([a-z0-9-]+) -->$/;
const CLOSE = '<!-- /report -->';

interface Span extends DocBlock {
  /** Line indexes (0-based) of the opening and closing markers. */
  from: number;
  to: number;
}

function spans(text: string, path: string): Span[] {
  const lines = text.split('\n');
  const out: Span[] = [];
  let open: { id: string; from: number } | undefined;
  lines.forEach((raw, i) => {
    const l = raw.trimEnd();
    const m = OPEN.exec(l);
    if (m) {
      if (open) throw new InputError('DOC_MARKERS', `${path}:${i + 1}:1: report block '${m[1]}' opens inside block '${open.id}' (line ${open.from + 1})`);
      open = { id: m[1], from: i };
    } else if (l === CLOSE) {
      if (!open) throw new InputError('DOC_MARKERS', `${path}:${i + 1}:1: ${CLOSE} without an opening <!-- report:ID -->`);
      out.push({ id: open.id, content: lines.slice(open.from + 1, i).join('\n'), line: open.from + 1, from: open.from, to: i });
      open = undefined;
    } else {
      // a marker inside inline code (`<!-- report:ID -->`) is text about markers, not one
      const bare = l.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
      const at = Math.max(bare.indexOf('<!-- report:'), bare.indexOf(CLOSE));
      if (at >= 0) throw new InputError('DOC_MARKERS', `${path}:${i + 1}:${at + 1}: a report marker must stand alone on its line`);
    }
  });
  if (open) throw new InputError('DOC_MARKERS', `${path}:${open.from + 1}:1: report block '${open.id}' is never closed with ${CLOSE}`);
  return out;
}

/** The report blocks of a Markdown text, in order. */
export function findBlocks(text: string, path: string): DocBlock[] {
  return spans(text, path).map(({ id, content, line }) => ({ id, content, line }));
}

/** Replaces each block's content by `render(id)`; `undefined` keeps the block as it is. */
export function replaceBlocks(text: string, path: string, render: (id: string) => string | undefined): string {
  const lines = text.split('\n');
  for (const s of spans(text, path).reverse()) {
    const next = render(s.id);
    if (next !== undefined) lines.splice(s.from + 1, s.to - s.from - 1, ...next.split('\n'));
  }
  return lines.join('\n');
}
