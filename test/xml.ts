/**
 * A small strict XML well-formedness parser for tests: balanced tags, quoted
 * and unique attributes, only valid entity and character references, no raw
 * `<` or `&` in text or attribute values, exactly one root element (comments,
 * processing instructions and whitespace around it). Throws `XmlError` with
 * line:col on the first violation; returns the element tree otherwise.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated decoded character data directly inside this element. */
  text: string;
}

export class XmlError extends Error {}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function validChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  fail(message: string, at = this.pos): never {
    const before = this.src.slice(0, at);
    const line = before.split('\n').length;
    const col = at - before.lastIndexOf('\n');
    throw new XmlError(`${line}:${col}: ${message}`);
  }

  private startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }

  private skipSpace(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
  }

  private name(): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.src);
    if (!m) this.fail('expected a name');
    this.pos += m[0].length;
    return m[0];
  }

  /** Decodes text between `start` and `end`, validating references and forbidding `<`. */
  private decode(start: number, end: number, inAttr: boolean): string {
    let out = '';
    let i = start;
    while (i < end) {
      const ch = this.src[i];
      if (ch === '<') this.fail(inAttr ? "raw '<' in an attribute value" : "raw '<'", i);
      if (ch === '&') {
        const semi = this.src.indexOf(';', i);
        if (semi < 0 || semi > end) this.fail("'&' not starting a reference", i);
        const ref = this.src.slice(i + 1, semi);
        if (/^#[0-9]+$/.test(ref) || /^#x[0-9A-Fa-f]+$/.test(ref)) {
          const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
          if (!validChar(cp)) this.fail(`character reference &${ref}; is not a valid XML character`, i);
          out += String.fromCodePoint(cp);
        } else if (ref in PREDEFINED) {
          out += PREDEFINED[ref];
        } else {
          this.fail(`unknown entity &${ref};`, i);
        }
        i = semi + 1;
        continue;
      }
      const cp = this.src.codePointAt(i) ?? 0;
      if (!validChar(cp)) this.fail(`invalid character U+${cp.toString(16)}`, i);
      out += String.fromCodePoint(cp);
      i += cp > 0xffff ? 2 : 1;
    }
    return out;
  }

  /** Comments, processing instructions; returns false when none was there. */
  private misc(): boolean {
    if (this.startsWith('<!--')) {
      const end = this.src.indexOf('-->', this.pos + 4);
      if (end < 0) this.fail('unterminated comment');
      if (this.src.slice(this.pos + 4, end).includes('--')) this.fail("'--' inside a comment");
      this.pos = end + 3;
      return true;
    }
    if (this.startsWith('<?')) {
      const end = this.src.indexOf('?>', this.pos + 2);
      if (end < 0) this.fail('unterminated processing instruction');
      this.pos = end + 2;
      return true;
    }
    return false;
  }

  private element(): XmlElement {
    if (this.src[this.pos] !== '<') this.fail("expected '<'");
    this.pos++;
    const name = this.name();
    const attrs: Record<string, string> = {};
    for (;;) {
      const hadSpace = /\s/.test(this.src[this.pos] ?? '');
      this.skipSpace();
      if (this.startsWith('/>')) {
        this.pos += 2;
        return { name, attrs, children: [], text: '' };
      }
      if (this.startsWith('>')) {
        this.pos++;
        break;
      }
      if (this.pos >= this.src.length) this.fail(`unterminated start tag <${name}>`);
      if (!hadSpace) this.fail('expected whitespace before an attribute');
      const attrAt = this.pos;
      const attr = this.name();
      if (attr in attrs) this.fail(`duplicate attribute '${attr}'`, attrAt);
      this.skipSpace();
      if (this.src[this.pos] !== '=') this.fail(`attribute '${attr}' without '=value'`);
      this.pos++;
      this.skipSpace();
      const quote = this.src[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`attribute '${attr}': value not quoted`);
      const end = this.src.indexOf(quote, this.pos + 1);
      if (end < 0) this.fail(`attribute '${attr}': unterminated value`);
      attrs[attr] = this.decode(this.pos + 1, end, true);
      this.pos = end + 1;
    }
    const el: XmlElement = { name, attrs, children: [], text: '' };
    for (;;) {
      if (this.pos >= this.src.length) this.fail(`unclosed <${name}>`);
      if (this.startsWith('</')) {
        const at = this.pos;
        this.pos += 2;
        const close = this.name();
        if (close !== name) this.fail(`</${close}> closes <${name}>`, at);
        this.skipSpace();
        if (this.src[this.pos] !== '>') this.fail("expected '>'");
        this.pos++;
        return el;
      }
      if (this.startsWith('<![CDATA[')) {
        const end = this.src.indexOf(']]>', this.pos);
        if (end < 0) this.fail('unterminated CDATA section');
        el.text += this.src.slice(this.pos + 9, end);
        this.pos = end + 3;
        continue;
      }
      if (this.startsWith('<!')) {
        if (!this.misc()) this.fail('unexpected markup declaration');
        continue;
      }
      if (this.startsWith('<?')) {
        this.misc();
        continue;
      }
      if (this.src[this.pos] === '<') {
        el.children.push(this.element());
        continue;
      }
      let end = this.src.indexOf('<', this.pos);
      if (end < 0) end = this.src.length;
      const raw = this.src.slice(this.pos, end);
      if (raw.includes(']]>')) this.fail("']]>' in text");
      el.text += this.decode(this.pos, end, false);
      this.pos = end;
    }
  }

  document(): XmlElement {
    this.skipSpace();
    while (this.misc()) this.skipSpace();
    if (this.startsWith('<!DOCTYPE')) this.fail('DOCTYPE is not accepted');
    const root = this.element();
    this.skipSpace();
    while (this.misc()) this.skipSpace();
    if (this.pos < this.src.length) this.fail('content after the root element');
    return root;
  }
}

/** Parses a well-formed XML document; throws `XmlError` otherwise. */
export function parseXml(text: string): XmlElement {
  return new Parser(text).document();
}

/** Every element of the tree (depth first, the root included). */
export function allElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [root];
  for (const c of root.children) out.push(...allElements(c));
  return out;
}

/** All decoded text inside an element, its descendants included. */
export function textContent(el: XmlElement): string {
  return el.text + el.children.map(textContent).join('');
}

/**
 * Parses an SVG document and checks its root: `<svg>` with numeric `width`
 * and `height` and a four-number `viewBox`. Returns the tree.
 */
export function parseSvg(text: string): XmlElement {
  const root = parseXml(text);
  if (root.name !== 'svg') throw new XmlError(`root element is <${root.name}>, expected <svg>`);
  for (const a of ['width', 'height'] as const) {
    const v = root.attrs[a];
    if (v === undefined || !/^\d+(\.\d+)?(px)?$/.test(v) || Number.parseFloat(v) <= 0) throw new XmlError(`<svg> ${a}: expected a positive number, got ${JSON.stringify(v)}`);
  }
  const vb = (root.attrs.viewBox ?? '').trim().split(/[\s,]+/);
  if (vb.length !== 4 || vb.some((x) => !Number.isFinite(Number(x)))) throw new XmlError(`<svg> viewBox: expected four numbers, got ${JSON.stringify(root.attrs.viewBox)}`);
  return root;
}
