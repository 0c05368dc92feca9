/**
 * Finding the answer in a model's text: JSON in a fenced block or bare, after
 * any amount of reasoning. Reasoning blocks (`<think>…</think>`) are skipped;
 * the last fenced block that parses wins; otherwise the last top-level JSON
 * object or array in the text. String-aware bracket matching, so braces inside
 * JSON strings never confuse it.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonExtraction =
  | { status: 'found'; value: JsonValue; text: string; source: 'fence' | 'bare' }
  | { status: 'none'; reason: string };

const FENCE = /```[ \t]*([A-Za-z0-9_+-]*)[^\n`]*\n([\s\S]*?)```/g;
const THINK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;

/** Strips reasoning blocks such as `<think>…</think>` (Qwen3, DeepSeek-R1). */
export function stripReasoning(text: string): string {
  const stripped = text.replace(THINK, ' ');
  // An unterminated <think> (truncated output) hides everything after it.
  const open = stripped.search(/<(think|thinking|reasoning)>/i);
  return open >= 0 ? stripped.slice(0, open) : stripped;
}

/** The contents of every fenced code block, in order, with its language tag. */
export function fencedBlocks(text: string): { lang: string; body: string }[] {
  const out: { lang: string; body: string }[] = [];
  for (const m of text.matchAll(FENCE)) out.push({ lang: m[1].toLowerCase(), body: m[2] });
  return out;
}

/**
 * The end index (exclusive) of the bracketed value starting at `start`
 * (`{` or `[`), respecting JSON strings and escapes; -1 when unbalanced.
 */
export function matchBracket(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/** Trailing commas before `}` or `]` (outside strings): a common small-model slip. */
export function stripTrailingCommas(s: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      out += c;
      if (c === '\\') out += s[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',') {
      let j = i + 1;
      while (j < s.length && /\s/.test(s[j])) j++;
      if (s[j] === '}' || s[j] === ']') continue;
    }
    out += c;
  }
  return out;
}

function tryParse(s: string): { ok: true; value: JsonValue } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) as JsonValue };
  } catch {
    // Tolerate trailing commas only; anything else goes back to the model.
    const relaxed = stripTrailingCommas(s);
    if (relaxed === s) return { ok: false };
    try {
      return { ok: true, value: JSON.parse(relaxed) as JsonValue };
    } catch {
      return { ok: false };
    }
  }
}

/** Every top-level JSON object or array embedded in `text`, left to right. */
export function bareJsonCandidates(text: string): { value: JsonValue; text: string; start: number }[] {
  const out: { value: JsonValue; text: string; start: number }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '{' || c === '[') {
      const end = matchBracket(text, i);
      if (end > 0) {
        const slice = text.slice(i, end);
        const parsed = tryParse(slice);
        if (parsed.ok) {
          out.push({ value: parsed.value, text: slice, start: i });
          i = end;
          continue;
        }
      }
    }
    i++;
  }
  return out;
}

function extractFrom(text: string): JsonExtraction {
  const blocks = fencedBlocks(text);
  for (let b = blocks.length - 1; b >= 0; b--) {
    const body = blocks[b].body.trim();
    const parsed = tryParse(body);
    if (parsed.ok) return { status: 'found', value: parsed.value, text: body, source: 'fence' };
    // A fenced block with prose or comments around the JSON.
    const inner = bareJsonCandidates(body);
    if (inner.length > 0 && (blocks[b].lang === 'json' || blocks[b].lang === '')) {
      const last = inner[inner.length - 1];
      return { status: 'found', value: last.value, text: last.text, source: 'fence' };
    }
  }
  const whole = tryParse(text.trim());
  if (whole.ok && text.trim() !== '') return { status: 'found', value: whole.value, text: text.trim(), source: 'bare' };
  const candidates = bareJsonCandidates(text);
  if (candidates.length > 0) {
    const last = candidates[candidates.length - 1];
    return { status: 'found', value: last.value, text: last.text, source: 'bare' };
  }
  return { status: 'none', reason: 'no JSON object or array found in the answer' };
}

/**
 * The model's JSON answer: reasoning blocks are skipped (and searched only if
 * nothing is found outside them); the last parsable fenced block wins, else the
 * last top-level JSON object/array in the text.
 */
export function extractJson(text: string): JsonExtraction {
  const outside = extractFrom(stripReasoning(text));
  if (outside.status === 'found') return outside;
  const inside = extractFrom(text);
  return inside.status === 'found' ? inside : outside;
}

/**
 * The code of a free-text answer: the last fenced block in `lang` (or any
 * language when none matches), else the whole text trimmed.
 */
export function extractCode(text: string, lang?: string): string {
  const blocks = fencedBlocks(stripReasoning(text));
  if (blocks.length === 0) return stripReasoning(text).trim();
  const wanted = lang ? blocks.filter((b) => b.lang === lang.toLowerCase()) : [];
  const pick = wanted.length > 0 ? wanted[wanted.length - 1] : blocks[blocks.length - 1];
  return pick.body.replace(/\s+$/, '');
}
